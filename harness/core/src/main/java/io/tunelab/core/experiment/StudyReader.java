package io.tunelab.core.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads an experiment's optional {@code study:} block strictly into a {@link Study}: unknown
 * fields, a missing field, an unknown metric or direction, and an expectation naming no step of the
 * experiment (or one with nothing to compare with) are refused with the place and the fix.
 *
 * <pre>
 * study:
 *   name: AIA order-to-bill        # as the glossary's table "What the studies measured" names it
 *   metric: throughput             # default; or latencyP99Millis, sutCpuMillisPerUnit, ...
 *   expect:
 *     - step: transient            # a step of this experiment
 *       against: previous          # previous (the step before it) | baseline
 *       direction: up              # up | down | none: which way the study saw the metric move
 *       effect: about +40% on top  # the study's effect, in words
 * </pre>
 */
final class StudyReader {
  static final List<String> FIELDS = List.of("name", "metric", "expect");
  static final List<String> EXPECTATION_FIELDS = List.of("step", "against", "direction", "effect");
  static final String EXAMPLE =
      "e.g. study: {name: AIA order-to-bill, expect: [{step: transient, against: previous,"
          + " direction: up, effect: about +40% on top}]}";

  private StudyReader() {}

  /** The study block at {@code where}, its steps checked against {@code steps} and the baseline. */
  static Study read(JsonNode node, Where where, List<Step> steps, String baseline) {
    if (node == null || !node.isObject()) {
      throw where.bad(
          "must be a mapping with name: and expect:, was " + Where.kind(node) + "; " + EXAMPLE);
    }
    where.object(node, FIELDS);
    for (String field : List.of("name", "expect")) {
      if (!node.has(field)) {
        throw where.bad(field + " is missing; " + EXAMPLE);
      }
    }
    String name = where.child("name").text(node.get("name")).strip();
    if (name.isEmpty()) {
      throw where.child("name").bad("must name the study, e.g. AIA order-to-bill");
    }
    StudyMetric metric =
        node.has("metric")
            ? metric(node.get("metric"), where.child("metric"))
            : StudyMetric.THROUGHPUT;
    JsonNode expect = node.get("expect");
    Where at = where.child("expect");
    if (!expect.isArray() || expect.isEmpty()) {
      throw at.bad(
          "must be a list of one or more {step, against, direction, effect}, was "
              + Where.kind(expect));
    }
    List<String> names = steps.stream().map(Step::name).toList();
    List<Study.Expectation> expectations = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < expect.size(); i++) {
      Study.Expectation e = expectation(expect.get(i), at.index(i), names, baseline);
      if (!seen.add(e.step() + " " + e.against())) {
        throw at.index(i)
            .bad(
                "step "
                    + e.step()
                    + " against "
                    + e.against().label()
                    + " is expected twice: keep one");
      }
      expectations.add(e);
    }
    return new Study(name, metric, expectations);
  }

  private static Study.Expectation expectation(
      JsonNode node, Where where, List<String> steps, String baseline) {
    where.object(node, EXPECTATION_FIELDS);
    for (String field : EXPECTATION_FIELDS) {
      if (!node.has(field)) {
        throw where.bad(
            field + " is missing; each expectation needs " + String.join(", ", EXPECTATION_FIELDS));
      }
    }
    String step = where.child("step").scalar(node.get("step"));
    if (!steps.contains(step)) {
      throw where
          .child("step")
          .bad(
              "names no step: '"
                  + step
                  + "'; the steps are "
                  + String.join(", ", steps)
                  + " (name one of them, or rename the step)");
    }
    Study.Against against =
        choice(node.get("against"), where.child("against"), Study.Against.values());
    if (against == Study.Against.PREVIOUS && steps.indexOf(step) == 0) {
      throw where
          .child("against")
          .bad(
              "step "
                  + step
                  + " is the first: there is no previous step to compare it with; use against:"
                  + " baseline, or expect nothing of it");
    }
    if (against == Study.Against.BASELINE && step.equals(baseline)) {
      throw where
          .child("against")
          .bad(
              "step "
                  + step
                  + " is the baseline: it cannot be compared with itself; use against: previous,"
                  + " or expect nothing of it");
    }
    Study.Direction direction =
        choice(node.get("direction"), where.child("direction"), Study.Direction.values());
    String effect = where.child("effect").scalar(node.get("effect")).strip();
    if (effect.isEmpty()) {
      throw where
          .child("effect")
          .bad("must say the study's effect in words, e.g. about +40% on top");
    }
    return new Study.Expectation(step, against, direction, effect);
  }

  private static StudyMetric metric(JsonNode node, Where where) {
    String key = where.text(node);
    return StudyMetric.of(key)
        .orElseThrow(
            () ->
                where.bad(
                    "unknown metric '"
                        + key
                        + "'; allowed: "
                        + String.join(", ", StudyMetric.keys())));
  }

  private static <E extends Enum<E>> E choice(JsonNode node, Where where, E[] values) {
    String text = where.text(node);
    List<String> allowed =
        Arrays.stream(values).map(v -> v.name().toLowerCase(java.util.Locale.ROOT)).toList();
    int i = allowed.indexOf(text);
    if (i < 0) {
      throw where.bad(
          "must be one of "
              + allowed.stream().collect(Collectors.joining(", "))
              + ", was '"
              + text
              + "'");
    }
    return values[i];
  }
}
