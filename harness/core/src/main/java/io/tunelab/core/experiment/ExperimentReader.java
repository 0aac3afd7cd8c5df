package io.tunelab.core.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunelab.core.BadInputException;
import io.tunelab.core.knobs.Knob;
import io.tunelab.core.knobs.KnobRegistry;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.Knobs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads an experiment file strictly: an unknown field, a value of the wrong type, an unknown plan,
 * an unknown knob or a bad knob value stops it with a message naming the file, the path in it and
 * what is allowed. Knobs resolve as defaults &lt; experiment &lt; command line ({@code --set}).
 *
 * <pre>
 * name: quickstart            # optional, else the file name
 * plan: batch-order           # batch-order | concurrent-soap
 * repeat: 3                   # repetitions per step (default 3), or {min: 3, max: 10, halfWidthPercent: 3}
 * jvm: shared                 # or fresh: a new middleware JVM, warmed up, for every repetition
 * order: sequential           # or interleaved: A B C A B C
 * baseline: untuned           # the step that scores 100 (default: the first)
 * workload: {orders: 100}     # workload.* knobs, named without the prefix
 * knobs: {db.seed.customers: 200}   # knobs of every step
 * steps: [{name: untuned}, {name: more-consumers, knobs: {...}}]   # or matrix: or sweep:
 * study: {name: ..., metric: throughput, expect: [...]}   # optional: see StudyReader
 * </pre>
 */
public final class ExperimentReader {
  public static final int DEFAULT_REPEAT = 3;
  public static final int MAX_REPEAT = 1000;

  static final List<String> FIELDS =
      List.of(
          "name",
          "description",
          "plan",
          "repeat",
          "jvm",
          "order",
          "baseline",
          "workload",
          "knobs",
          "steps",
          "matrix",
          "sweep",
          "study");

  private final KnobRegistry registry;

  public ExperimentReader(KnobRegistry registry) {
    this.registry = registry;
  }

  public ExperimentReader() {
    this(KnobRegistry.standard());
  }

  /**
   * @param overrides {@code --set} knobs, over every step's knobs
   * @param repeat {@code --repeat}, over the file's {@code repeat}
   * @throws BadInputException naming the file, the path and the allowed values
   */
  public Experiment read(Path file, Map<String, String> overrides, OptionalInt repeat) {
    return read(file, overrides, ProtocolOverrides.repeat(repeat));
  }

  /**
   * @param overrides {@code --set} knobs, over every step's knobs
   * @param protocol {@code --repeat}, {@code --jvm}, {@code --order}, over the file's
   * @throws BadInputException naming the file, the path and the allowed values
   */
  public Experiment read(Path file, Map<String, String> overrides, ProtocolOverrides protocol) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new BadInputException(
          "no experiment file " + file + ": give a YAML file such as experiments/quickstart.yaml");
    } catch (IOException e) {
      throw new BadInputException("cannot read the experiment file " + file + ": " + e, e);
    }
    String name = file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
    return parse(file.toString(), name, text, overrides, protocol);
  }

  /** Reads experiment YAML text; {@code file} only names it in messages. */
  public Experiment parse(
      String file,
      String defaultName,
      String text,
      Map<String, String> overrides,
      OptionalInt repeat) {
    return parse(file, defaultName, text, overrides, ProtocolOverrides.repeat(repeat));
  }

  /** Reads experiment YAML text with the command line's protocol overrides. */
  public Experiment parse(
      String file,
      String defaultName,
      String text,
      Map<String, String> overrides,
      ProtocolOverrides protocol) {
    Where top = new Where(file, "");
    JsonNode root = top.yaml(text, "it needs at least plan: and steps:, matrix: or sweep:");
    top.object(root, FIELDS);
    String name = name(root, top, defaultName);
    Plan plan = plan(root.get("plan"), top.child("plan"));
    Repetitions repetitions = RepetitionsReader.read(root, top, protocol);
    Map<String, String> workload =
        root.has("workload") ? workload(root.get("workload"), top.child("workload")) : Map.of();
    Map<String, String> knobs =
        root.has("knobs") ? knobs(root.get("knobs"), top.child("knobs")) : Map.of();
    KnobSet common = KnobSet.defaults(registry).withAll(workload).withAll(knobs);
    checkOverrides(overrides);
    StepExpansion expansion = new StepExpansion(this, common, overrides);
    Experiment.Kind kind = kind(root, top);
    List<Step> steps =
        switch (kind) {
          case LADDER -> expansion.ladder(root.get("steps"), top.child("steps"));
          case MATRIX -> expansion.matrix(root.get("matrix"), top.child("matrix"));
          case SWEEP -> expansion.sweep(root.get("sweep"), top.child("sweep"));
        };
    StepFolders.check(top, steps, i -> place(kind, i, steps.get(i)));
    checkPlanKnobs(plan, top, kind, workload.keySet(), knobs.keySet(), overrides.keySet(), steps);
    checkRules(plan, top, kind, steps);
    String description =
        root.has("description") ? top.child("description").text(root.get("description")) : "";
    String baseline = baseline(root.get("baseline"), top.child("baseline"), steps);
    Study study =
        root.has("study")
            ? StudyReader.read(root.get("study"), top.child("study"), steps, baseline)
            : null;
    return new Experiment(
        name,
        file,
        description,
        plan,
        kind,
        repetitions.min(),
        repetitions,
        baseline,
        steps,
        study);
  }

  /**
   * Every step against the rules between knobs, so a step that cannot work fails here, before any
   * tier starts, not hours into a matrix. A rule broken by many steps is named once, with them.
   */
  private static void checkRules(Plan plan, Where top, Experiment.Kind kind, List<Step> steps) {
    Map<String, List<String>> broken = new LinkedHashMap<>();
    for (int i = 0; i < steps.size(); i++) {
      List<String> violations = new ArrayList<>(steps.get(i).knobs().violations());
      PlanKnobs.misfit(plan, steps.get(i).knobs()).ifPresent(violations::add);
      for (String violation : violations) {
        broken.computeIfAbsent(violation, v -> new ArrayList<>()).add(place(kind, i, steps.get(i)));
      }
    }
    if (broken.isEmpty()) {
      return;
    }
    List<String> problems = new ArrayList<>();
    broken.forEach(
        (violation, places) ->
            problems.add(
                (places.size() == steps.size() ? "every step" : String.join(", ", places))
                    + ": "
                    + violation));
    throw top.bad(
        problems.size() == 1
            ? problems.get(0)
            : "knobs that cannot work together:\n  " + String.join("\n  ", problems));
  }

  private static String place(Experiment.Kind kind, int index, Step step) {
    return switch (kind) {
      case LADDER -> "steps[" + index + "] (" + step.name() + ")";
      case MATRIX -> "matrix cell " + step.name();
      case SWEEP -> "sweep point " + step.name();
    };
  }

  /**
   * A mapping of knob name to value, each checked against the registry.
   *
   * @return knob name to the value's text
   */
  Map<String, String> knobs(JsonNode node, Where where) {
    if (node == null || node.isNull()) {
      return Map.of();
    }
    if (!node.isObject()) {
      throw where.bad("must be a mapping of knob: value, was " + Where.kind(node));
    }
    Map<String, String> knobs = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      Where at = where.child(field.getKey());
      String value = at.scalar(field.getValue());
      knobs.put(field.getKey(), check(field.getKey(), value, at));
    }
    return knobs;
  }

  /** The knob of that name, or a message naming the place and the closest knobs. */
  Knob<?> requireKnob(String knobName, Where at) {
    try {
      return registry.require(knobName);
    } catch (BadInputException e) {
      throw at.bad(e.getMessage(), e);
    }
  }

  /** Checks one knob value; returns it as text. */
  String check(String knobName, String value, Where at) {
    Knob<?> knob = requireKnob(knobName, at);
    try {
      return knob.format(knob.parse(value));
    } catch (BadInputException e) {
      if (value.equals("true") || value.equals("false")) {
        throw at.bad(
            e.getMessage()
                + " (YAML reads a bare on, off, yes or no as true or false: quote it, e.g."
                + " \"off\")",
            e);
      }
      throw at.bad(e.getMessage(), e);
    }
  }

  private Map<String, String> workload(JsonNode node, Where where) {
    List<String> allowed =
        registry.all().stream()
            .map(Knob::name)
            .filter(n -> n.startsWith(Knobs.WORKLOAD_PREFIX))
            .map(n -> n.substring(Knobs.WORKLOAD_PREFIX.length()))
            .toList();
    where.object(node, allowed);
    Map<String, String> knobs = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      Where at = where.child(field.getKey());
      String knob = Knobs.WORKLOAD_PREFIX + field.getKey();
      knobs.put(knob, check(knob, at.scalar(field.getValue()), at));
    }
    return knobs;
  }

  /** Every knob the experiment or the command line sets explicitly must mean something to plan. */
  private static void checkPlanKnobs(
      Plan plan,
      Where top,
      Experiment.Kind kind,
      Set<String> workload,
      Set<String> knobs,
      Set<String> overrides,
      List<Step> steps) {
    for (String name : workload) {
      PlanKnobs.require(
          plan, name, top.child("workload").child(name.substring(Knobs.WORKLOAD_PREFIX.length())));
    }
    knobs.forEach(name -> PlanKnobs.require(plan, name, top.child("knobs").child(name)));
    overrides.forEach(name -> PlanKnobs.require(plan, name, new Where("--set", name)));
    for (int i = 0; i < steps.size(); i++) {
      Where at =
          switch (kind) {
            case LADDER -> top.child("steps").index(i).child("knobs");
            case MATRIX -> top.child("matrix");
            case SWEEP -> top.child("sweep");
          };
      for (String name : steps.get(i).changes().keySet()) {
        PlanKnobs.require(plan, name, at.child(name));
      }
    }
  }

  private void checkOverrides(Map<String, String> overrides) {
    overrides.forEach((name, value) -> check(name, value, new Where("--set", name)));
  }

  private static String name(JsonNode root, Where top, String defaultName) {
    String name = root.has("name") ? top.child("name").text(root.get("name")) : defaultName.strip();
    if (!name.matches("[A-Za-z0-9._-]{1,64}")) {
      throw top.child("name")
          .bad("must be 1..64 letters, digits, '.', '_' or '-' (it names the results folder)");
    }
    return name;
  }

  private static Plan plan(JsonNode node, Where where) {
    if (node == null) {
      throw where.bad("missing; allowed: " + String.join(", ", Plan.names()));
    }
    String name = where.text(node);
    return Plan.of(name)
        .orElseThrow(
            () ->
                where.bad(
                    "unknown plan '" + name + "'; allowed: " + String.join(", ", Plan.names())));
  }

  private static Experiment.Kind kind(JsonNode root, Where top) {
    List<String> given = List.of("steps", "matrix", "sweep").stream().filter(root::has).toList();
    if (given.size() != 1) {
      throw top.bad(
          (given.isEmpty() ? "no steps" : "both " + String.join(" and ", given))
              + ": give exactly one of steps: (a ladder), matrix: (every combination) or sweep:"
              + " (one knob over values)");
    }
    return Experiment.Kind.valueOf(
        switch (given.get(0)) {
          case "steps" -> "LADDER";
          case "matrix" -> "MATRIX";
          default -> "SWEEP";
        });
  }

  private static String baseline(JsonNode node, Where where, List<Step> steps) {
    if (node == null) {
      return steps.get(0).name();
    }
    String name = where.scalar(node);
    if (steps.stream().noneMatch(step -> step.name().equals(name))) {
      throw where.bad(
          "names no step: '"
              + name
              + "'; the steps are "
              + steps.stream().map(Step::name).collect(Collectors.joining(", ")));
    }
    return name;
  }
}
