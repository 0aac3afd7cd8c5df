package io.tunelab.core.bench;

import io.tunelab.core.results.RunStatus;
import java.util.Objects;

/**
 * One experiment of a suite, run.
 *
 * @param runId its run's id (its folder under results/)
 * @param seconds wall time of the run
 */
public record BenchRun(
    String experiment, String runId, RunStatus status, boolean valid, double seconds) {
  public BenchRun {
    Objects.requireNonNull(experiment, "experiment");
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(status, "status");
  }

  /** Whether the run completed and every repetition was valid: its numbers can be gated. */
  public boolean passed() {
    return status == RunStatus.COMPLETE && valid;
  }

  /** Why it did not pass, for a report; empty when it passed. */
  public String problem() {
    if (status != RunStatus.COMPLETE) {
      return "the run is " + status.label() + ": its numbers are partial";
    }
    return valid ? "" : "the run is invalid: see its summary.md for the repetitions that failed";
  }
}
