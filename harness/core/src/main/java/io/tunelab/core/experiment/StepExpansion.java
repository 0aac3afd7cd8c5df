package io.tunelab.core.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunelab.core.knobs.KnobSet;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns an experiment's {@code steps:}, {@code matrix:} or {@code sweep:} into steps with resolved
 * knobs: the experiment's common knobs, the step's, then the command line's.
 */
final class StepExpansion {
  /**
   * More steps than this is a typo (a sweep step of 0.0001, a matrix of every value), not an
   * experiment: at a minute a repetition and three repetitions a step, 200 steps are ten hours.
   */
  static final int MAX_STEPS = 200;

  private final ExperimentReader reader;
  private final KnobSet common;
  private final Map<String, String> overrides;

  StepExpansion(ExperimentReader reader, KnobSet common, Map<String, String> overrides) {
    this.reader = reader;
    this.common = common;
    this.overrides = overrides;
  }

  /** A ladder: each step's knobs on top of the previous step's. */
  List<Step> ladder(JsonNode node, Where where) {
    if (node == null || !node.isArray() || node.isEmpty()) {
      throw where.bad("must be a non-empty list of steps ({name: ..., knobs: {...}})");
    }
    if (node.size() > MAX_STEPS) {
      throw where.bad(
          "has "
              + node.size()
              + " steps, more than the "
              + MAX_STEPS
              + " a run takes: split the ladder into several experiments");
    }
    List<Step> steps = new ArrayList<>();
    Set<String> names = new HashSet<>();
    KnobSet cumulative = common;
    for (int i = 0; i < node.size(); i++) {
      Where at = where.index(i);
      JsonNode step = at.object(node.get(i), List.of("name", "knobs"));
      String name =
          step.has("name") ? at.child("name").scalar(step.get("name")) : "step-" + (i + 1);
      if (!names.add(name)) {
        throw at.child("name").bad("step name '" + name + "' is used twice; names must differ");
      }
      Map<String, String> changes = reader.knobs(step.get("knobs"), at.child("knobs"));
      cumulative = cumulative.withAll(changes);
      steps.add(new Step(name, changes, cumulative.withAll(overrides)));
    }
    return steps;
  }

  /** A matrix: every combination of the listed values, the first knob varying slowest. */
  List<Step> matrix(JsonNode node, Where where) {
    if (node == null || !node.isObject() || node.isEmpty()) {
      throw where.bad("must map at least one knob to a list of values, e.g. knob: [a, b]");
    }
    Map<String, List<String>> values = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      Where at = where.child(field.getKey());
      values.put(field.getKey(), list(field.getKey(), field.getValue(), at));
    }
    List<Map<String, String>> points = List.of(Map.of());
    for (Map.Entry<String, List<String>> knob : values.entrySet()) {
      List<Map<String, String>> next = new ArrayList<>();
      for (Map<String, String> point : points) {
        for (String value : knob.getValue()) {
          Map<String, String> extended = new LinkedHashMap<>(point);
          extended.put(knob.getKey(), value);
          next.add(extended);
        }
      }
      points = next;
      if (points.size() > MAX_STEPS) {
        throw where.bad(
            "expands to more than "
                + MAX_STEPS
                + " steps (the most a run takes): list fewer values, or split the matrix into"
                + " several experiments");
      }
    }
    return points.stream().map(this::point).toList();
  }

  /** A sweep: one knob over {@code values: [...]} or {@code from:, to:, step:}. */
  List<Step> sweep(JsonNode node, Where where) {
    where.object(node, List.of("knob", "values", "from", "to", "step"));
    String knob = where.child("knob").text(node.get("knob"));
    reader.requireKnob(knob, where.child("knob"));
    List<String> values;
    if (node.has("values")) {
      if (node.has("from") || node.has("to") || node.has("step")) {
        throw where.bad("give either values: or from:, to: and step:, not both");
      }
      values = list(knob, node.get("values"), where.child("values"));
      if (values.size() > MAX_STEPS) {
        throw where
            .child("values")
            .bad(
                "lists "
                    + values.size()
                    + " values, more than the "
                    + MAX_STEPS
                    + " steps a run takes: split the sweep into several experiments");
      }
    } else {
      values = range(knob, node, where);
    }
    return values.stream().map(value -> point(Map.of(knob, value))).toList();
  }

  private List<String> range(String knob, JsonNode node, Where where) {
    BigDecimal from = number(node.get("from"), where.child("from"));
    BigDecimal to = number(node.get("to"), where.child("to"));
    BigDecimal step = number(node.get("step"), where.child("step"));
    if (step.signum() <= 0 || to.compareTo(from) < 0) {
      throw where.bad(
          "needs from <= to and step > 0, was from " + from + " to " + to + " step " + step);
    }
    List<String> values = new ArrayList<>();
    for (BigDecimal v = from; v.compareTo(to) <= 0; v = v.add(step)) {
      if (values.size() == MAX_STEPS) {
        throw where.bad(
            "expands to more than "
                + MAX_STEPS
                + " steps (the most a run takes): use a larger step or a narrower range");
      }
      values.add(reader.check(knob, v.stripTrailingZeros().toPlainString(), where));
    }
    return values;
  }

  private static BigDecimal number(JsonNode node, Where where) {
    if (node == null || !node.isNumber()) {
      throw where.bad("must be a number, was " + Where.kind(node));
    }
    return node.decimalValue();
  }

  private List<String> list(String knob, JsonNode node, Where where) {
    if (node == null || !node.isArray() || node.isEmpty()) {
      throw where.bad(
          "must be a non-empty list of values, e.g. [1, 2, 4], was " + Where.kind(node));
    }
    List<String> values = new ArrayList<>();
    for (int i = 0; i < node.size(); i++) {
      Where at = where.index(i);
      String value = reader.check(knob, at.scalar(node.get(i)), at);
      if (values.contains(value)) {
        throw at.bad("value " + value + " is listed twice");
      }
      values.add(value);
    }
    return values;
  }

  private Step point(Map<String, String> values) {
    List<String> parts = new ArrayList<>();
    values.forEach((knob, value) -> parts.add(shortName(knob) + "=" + value));
    return new Step(String.join(",", parts), values, common.withAll(values).withAll(overrides));
  }

  /**
   * A knob's name without its tier prefix: {@code middleware.delivery.policy} is {@code
   * delivery.policy}.
   */
  static String shortName(String knob) {
    int dot = knob.indexOf('.');
    return dot < 0 ? knob : knob.substring(dot + 1);
  }
}
