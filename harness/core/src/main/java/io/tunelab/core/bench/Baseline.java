package io.tunelab.core.bench;

import io.tunelab.core.results.RunResult;
import java.util.Objects;

/**
 * A committed run a suite's relative thresholds compare with.
 *
 * @param suite the suite it belongs to
 * @param experiment the experiment's name, as its run.json names it
 * @param recordedAt when it was recorded (ISO-8601)
 * @param fingerprint the machine and parts it was measured on
 * @param run the run, as its run.json holds it
 */
public record Baseline(
    String suite, String experiment, String recordedAt, Fingerprint fingerprint, RunResult run) {
  public Baseline {
    Objects.requireNonNull(suite, "suite");
    Objects.requireNonNull(experiment, "experiment");
    Objects.requireNonNull(recordedAt, "recordedAt");
    Objects.requireNonNull(fingerprint, "fingerprint");
    Objects.requireNonNull(run, "run");
  }
}
