package io.tunelab.core.bench;

import io.tunelab.core.results.RunResult;
import java.util.List;
import java.util.Objects;

/**
 * One experiment's run with the thresholds it must meet.
 *
 * @param baselines the runs relative thresholds compare with (their repetitions pooled, step by
 *     step); empty when there is none
 * @param thresholds the thresholds, each on a step name or on {@value StepThreshold#EVERY_STEP}
 * @param noBaseline why there is no baseline, as its relative checks will say
 * @param noBaselineStatus what a relative check is without a baseline: {@link
 *     Check.Status#NOT_TESTED}, or {@link Check.Status#RECORDING} while the baseline is recorded
 * @param againstStep the baseline's step every step is compared with (a run against its own
 *     baseline step, as {@code run --threshold} judges it; that step's relative checks are left
 *     out); null to compare each step with the baseline's step of the same name
 */
public record GateCase(
    String experiment,
    RunResult run,
    List<RunResult> baselines,
    List<StepThreshold> thresholds,
    String noBaseline,
    Check.Status noBaselineStatus,
    String againstStep) {
  /** A case with one baseline run (null for none) whose absence needs no more words. */
  public GateCase(
      String experiment, RunResult run, RunResult baseline, List<StepThreshold> thresholds) {
    this(
        experiment,
        run,
        baseline == null ? List.of() : List.of(baseline),
        thresholds,
        "there is no baseline to compare with",
        Check.Status.NOT_TESTED,
        null);
  }

  /** A case compared with the pooled repetitions of several baseline runs. */
  public GateCase(
      String experiment, RunResult run, List<RunResult> baselines, List<StepThreshold> thresholds) {
    this(
        experiment,
        run,
        baselines,
        thresholds,
        "there is no baseline to compare with",
        Check.Status.NOT_TESTED,
        null);
  }

  /**
   * A run against its own baseline step: each step's relative thresholds compare it with {@code
   * step} of the same run.
   */
  public static GateCase againstItsStep(
      String experiment, RunResult run, String step, List<StepThreshold> thresholds) {
    return new GateCase(
        experiment,
        run,
        List.of(run),
        thresholds,
        "there is no baseline to compare with",
        Check.Status.NOT_TESTED,
        step);
  }

  /** A case whose relative thresholds cannot be judged, saying why. */
  public static GateCase untested(
      String experiment, RunResult run, List<StepThreshold> thresholds, String why) {
    return new GateCase(experiment, run, List.of(), thresholds, why, Check.Status.NOT_TESTED, null);
  }

  /** A case whose run goes into its baseline tonight instead of being compared with it. */
  public static GateCase recording(
      String experiment, RunResult run, List<StepThreshold> thresholds, String why) {
    return new GateCase(experiment, run, List.of(), thresholds, why, Check.Status.RECORDING, null);
  }

  public GateCase {
    Objects.requireNonNull(experiment, "experiment");
    Objects.requireNonNull(run, "run");
    baselines = List.copyOf(baselines);
    thresholds = List.copyOf(thresholds);
    Objects.requireNonNull(noBaseline, "noBaseline");
    Objects.requireNonNull(noBaselineStatus, "noBaselineStatus");
  }
}
