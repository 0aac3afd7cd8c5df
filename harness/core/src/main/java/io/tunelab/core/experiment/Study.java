package io.tunelab.core.experiment;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The published study an experiment re-creates, and what it found, so {@code tunelab studies
 * record} can put tunelab's measured effect beside the study's (docs/studies.md). Read from an
 * experiment's optional {@code study:} block by {@link ExperimentReader}.
 *
 * @param name the study, as the glossary's table "What the studies measured" names it (e.g. {@code
 *     AIA order-to-bill}); studies of one name share a section of docs/studies.md
 * @param metric what the steps are compared on
 * @param expectations what the study found, one per step compared, at least one
 */
public record Study(String name, StudyMetric metric, List<Expectation> expectations) {
  public Study {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(metric, "metric");
    expectations = List.copyOf(expectations);
    if (expectations.isEmpty()) {
      throw new IllegalArgumentException("a study expects something of at least one step");
    }
  }

  /**
   * What the study found for one step.
   *
   * @param step the step measured, a step of the experiment
   * @param against what it is compared with
   * @param direction which way the study saw the metric's value move (not better or worse: a
   *     latency that fell is {@link Direction#DOWN})
   * @param effect the study's effect in words, as published (e.g. {@code about +40% on top})
   */
  public record Expectation(String step, Against against, Direction direction, String effect) {
    public Expectation {
      Objects.requireNonNull(step, "step");
      Objects.requireNonNull(against, "against");
      Objects.requireNonNull(direction, "direction");
      Objects.requireNonNull(effect, "effect");
    }
  }

  /** What a step is compared with. */
  public enum Against {
    /** The step before it in run order: a ladder whose every step keeps the earlier changes. */
    PREVIOUS,
    /** The experiment's baseline step. */
    BASELINE;

    /** As written in the YAML. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Which way a metric's value moved. */
  public enum Direction {
    UP,
    DOWN,
    /** No change the study could see. */
    NONE;

    /** As written in the YAML. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }
}
