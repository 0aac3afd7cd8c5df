package io.tunelab.core.bench;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tunelab.core.stats.Comparison;
import java.util.Objects;

/**
 * One threshold on one step, judged.
 *
 * @param experiment the experiment's name
 * @param step the step's name
 * @param value the run's value: the step's value for an absolute threshold, the repetitions' mean
 *     for a relative one; null when the run lacks it
 * @param baseline the baseline's repetitions' mean (relative thresholds only)
 * @param comparison the run against the baseline, Holm-adjusted over every relative threshold of
 *     the gate (relative thresholds only)
 * @param message what was found, with the numbers
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Check(
    String experiment,
    String step,
    Threshold threshold,
    Status status,
    Double value,
    Double baseline,
    Comparison comparison,
    String message) {
  /** What a check found. */
  public enum Status {
    /** The threshold holds, or a relative change past it is within noise. */
    PASS,
    /** Absolute: the value is past the limit. Relative: past the limit and significant. */
    FAIL,
    /** The numbers to judge it are missing (no such step, no baseline, too few repetitions). */
    NOT_TESTED,
    /**
     * Not judged: tonight's run went into the machine's baseline, which is being recorded (its
     * first nights, or a new one); the gate starts once the baseline has its nights.
     */
    RECORDING
  }

  public Check {
    Objects.requireNonNull(experiment, "experiment");
    Objects.requireNonNull(step, "step");
    Objects.requireNonNull(threshold, "threshold");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(message, "message");
  }

  /** Its name in a report: experiment, step and threshold. */
  public String name() {
    return experiment + " / " + step + ": " + threshold.text();
  }
}
