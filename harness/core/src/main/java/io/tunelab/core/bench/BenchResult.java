package io.tunelab.core.bench;

import java.util.List;
import java.util.Objects;

/**
 * What a suite's run found: each experiment's run and every check of its thresholds.
 *
 * @param suite the suite's name
 * @param file the suite file
 * @param baselines what each experiment did with its baseline: gated, or recorded tonight's run
 */
public record BenchResult(
    String suite,
    String file,
    String startedAt,
    String finishedAt,
    List<BenchRun> runs,
    List<BaselineUse> baselines,
    List<Check> checks) {
  public BenchResult {
    Objects.requireNonNull(suite, "suite");
    runs = List.copyOf(runs);
    baselines = List.copyOf(baselines);
    checks = List.copyOf(checks);
  }

  /**
   * Whether the suite passed: every run complete and valid, every check passed or recording its
   * baseline. A check that could not be judged does not pass: a nightly gate that cannot test has
   * not tested.
   */
  public boolean passed() {
    return runsValid() && gatePassed();
  }

  /** Whether every run completed and is valid. */
  public boolean runsValid() {
    return runs.stream().allMatch(BenchRun::passed);
  }

  /** Whether every check passed or is recording its baseline (none failed or went untested). */
  public boolean gatePassed() {
    return checks.stream()
        .allMatch(c -> c.status() == Check.Status.PASS || c.status() == Check.Status.RECORDING);
  }

  /** How many checks have {@code status}. */
  public long count(Check.Status status) {
    return checks.stream().filter(c -> c.status() == status).count();
  }
}
