package io.tunelab.core.bench;

import io.tunelab.core.results.RunResult;
import java.util.List;
import java.util.Objects;

/**
 * One experiment's run with the thresholds it must meet.
 *
 * @param baseline the run relative thresholds compare with; null when there is none
 * @param thresholds the thresholds, each on a step name or on {@value StepThreshold#EVERY_STEP}
 * @param noBaseline why there is no baseline, as its relative checks will say
 */
public record GateCase(
    String experiment,
    RunResult run,
    RunResult baseline,
    List<StepThreshold> thresholds,
    String noBaseline) {
  /** A case whose missing baseline needs no more words than that. */
  public GateCase(
      String experiment, RunResult run, RunResult baseline, List<StepThreshold> thresholds) {
    this(experiment, run, baseline, thresholds, "there is no baseline to compare with");
  }

  public GateCase {
    Objects.requireNonNull(experiment, "experiment");
    Objects.requireNonNull(run, "run");
    thresholds = List.copyOf(thresholds);
  }
}
