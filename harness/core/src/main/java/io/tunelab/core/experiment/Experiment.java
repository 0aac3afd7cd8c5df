package io.tunelab.core.experiment;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A validated experiment: which plan, how many repetitions, and the steps with their fully resolved
 * knobs. Read one with {@link ExperimentReader}.
 *
 * @param name the experiment's name (its {@code name:}, else the file name without extension)
 * @param file where it was read from, as given
 * @param description free text, may be empty
 * @param plan the load plan
 * @param kind how the steps were declared
 * @param repeat repetitions of each step, 1 or more (the least when the count is adaptive)
 * @param repetitions how often, in what order and in which JVMs the steps are measured
 * @param baseline the step whose throughput scores 100
 * @param steps in run order, at least one, unique names
 * @param study the published study it re-creates and what that found (its {@code study:} block);
 *     null when it has none
 */
public record Experiment(
    String name,
    String file,
    String description,
    Plan plan,
    Kind kind,
    int repeat,
    Repetitions repetitions,
    String baseline,
    List<Step> steps,
    Study study) {
  /** How the steps of an experiment are declared. */
  public enum Kind {
    /** {@code steps:} cumulative knob changes, each step keeping the earlier ones. */
    LADDER,
    /** {@code matrix:} a list of values per knob, every combination a step. */
    MATRIX,
    /** {@code sweep:} one knob over a list or range of values. */
    SWEEP
  }

  public Experiment {
    Objects.requireNonNull(plan, "plan");
    steps = List.copyOf(steps);
    if (steps.isEmpty()) {
      throw new IllegalArgumentException("an experiment has at least one step");
    }
    if (repeat < 1) {
      throw new IllegalArgumentException("repeat must be 1 or more, was " + repeat);
    }
    Objects.requireNonNull(repetitions, "repetitions");
  }

  /** An experiment without a study block. */
  public Experiment(
      String name,
      String file,
      String description,
      Plan plan,
      Kind kind,
      int repeat,
      Repetitions repetitions,
      String baseline,
      List<Step> steps) {
    this(name, file, description, plan, kind, repeat, repetitions, baseline, steps, null);
  }

  /** An experiment measured {@code repeat} times per step, sequentially, in shared JVMs. */
  public Experiment(
      String name,
      String file,
      String description,
      Plan plan,
      Kind kind,
      int repeat,
      String baseline,
      List<Step> steps) {
    this(name, file, description, plan, kind, repeat, Repetitions.fixed(repeat), baseline, steps);
  }

  /** Its study block, when it has one. */
  public Optional<Study> studyBlock() {
    return Optional.ofNullable(study);
  }

  /** Runs in total at least: steps times the least repetitions. */
  public int runs() {
    return steps.size() * repetitions.min();
  }
}
