package io.tunelab.core.bench;

import io.tunelab.core.results.RunResult;
import java.util.List;
import java.util.Objects;

/**
 * One experiment's run with the thresholds it must meet.
 *
 * @param baseline the run relative thresholds compare with; null when there is none
 * @param thresholds the thresholds, each on a step name or on {@value StepThreshold#EVERY_STEP}
 */
public record GateCase(
    String experiment, RunResult run, RunResult baseline, List<StepThreshold> thresholds) {
  public GateCase {
    Objects.requireNonNull(experiment, "experiment");
    Objects.requireNonNull(run, "run");
    thresholds = List.copyOf(thresholds);
  }
}
