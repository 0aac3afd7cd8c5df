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

  /**
   * Reads a threshold as a command line writes it: {@code THRESHOLD} for every step, or {@code
   * STEP: THRESHOLD} for one (a threshold itself has no colon).
   *
   * @param where where it was written, for messages
   * @throws io.tunelab.core.BadInputException as {@link Threshold#parse} does
   */
  public static StepThreshold parse(String text, String where) {
    int colon = text == null ? -1 : text.indexOf(':');
    if (colon > 0) {
      String step = text.substring(0, colon).strip();
      return new StepThreshold(
          step, Threshold.parse(text.substring(colon + 1), where + " (step " + step + ")"));
    }
    return new StepThreshold(EVERY_STEP, Threshold.parse(text, where));
  }

  /** Whether it applies to {@code candidate}. */
  public boolean appliesTo(StepResult candidate) {
    return step.equals(EVERY_STEP) || step.equals(candidate.name());
  }
}
