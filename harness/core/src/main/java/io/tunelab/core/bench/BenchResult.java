package io.tunelab.core.bench;

import java.util.List;
import java.util.Objects;

/**
 * What a suite's run found: each experiment's run and every check of its thresholds.
 *
 * @param suite the suite's name
 * @param file the suite file
 */
public record BenchResult(
    String suite,
    String file,
    String startedAt,
    String finishedAt,
    List<BenchRun> runs,
    List<Check> checks) {
  public BenchResult {
    Objects.requireNonNull(suite, "suite");
    runs = List.copyOf(runs);
    checks = List.copyOf(checks);
  }

  /**
   * Whether the suite passed: every run complete and valid, every check passed. A check that could
   * not be judged does not pass: a nightly gate that cannot test has not tested.
   */
  public boolean passed() {
    return runs.stream().allMatch(BenchRun::passed)
        && checks.stream().allMatch(c -> c.status() == Check.Status.PASS);
  }

  /** How many checks have {@code status}. */
  public long count(Check.Status status) {
    return checks.stream().filter(c -> c.status() == status).count();
  }
}
