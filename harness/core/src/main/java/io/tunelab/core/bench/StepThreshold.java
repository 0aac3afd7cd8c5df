package io.tunelab.core.bench;

import io.tunelab.core.results.StepResult;
import java.util.Objects;

/**
 * A threshold on a step of an experiment, or on every step.
 *
 * @param step a step's name, or {@value #EVERY_STEP}
 */
public record StepThreshold(String step, Threshold threshold) {
  /** The step name that stands for every step of the experiment. */
  public static final String EVERY_STEP = "*";

  public StepThreshold {
    Objects.requireNonNull(step, "step");
    Objects.requireNonNull(threshold, "threshold");
  }

  /** Whether it applies to {@code candidate}. */
  public boolean appliesTo(StepResult candidate) {
    return step.equals(EVERY_STEP) || step.equals(candidate.name());
  }
}
