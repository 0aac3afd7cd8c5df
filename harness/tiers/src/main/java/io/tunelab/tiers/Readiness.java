package io.tunelab.tiers;

import java.time.Duration;
import java.util.concurrent.Callable;

/** Waits until a tier answers its real protocol, or says why it never will. */
public final class Readiness {
  private static final long POLL_MILLIS = 50;

  private Readiness() {}

  /**
   * Polls {@code probe} until it returns true. Fails fast when the process ends, and with the log
   * tail when {@code timeout} passes. Exceptions thrown by the probe count as "not yet".
   */
  public static void await(TierProcess process, Duration timeout, Callable<Boolean> probe) {
    long deadline = System.nanoTime() + timeout.toNanos();
    Exception lastFailure = null;
    while (true) {
      try {
        if (probe.call()) {
          return;
        }
      } catch (Exception e) {
        lastFailure = e;
      }
      if (!process.isAlive()) {
        throw new TierStartException(
            process.name(),
            "its process ended with exit status " + process.exitValue() + " before it was ready",
            process.log());
      }
      if (System.nanoTime() > deadline) {
        throw new TierStartException(
            process.name(),
            "not ready after "
                + timeout.toSeconds()
                + " s"
                + (lastFailure == null ? "" : " (last probe: " + lastFailure.getMessage() + ")"),
            process.log());
      }
      try {
        Thread.sleep(POLL_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new TierStartException(process.name(), "interrupted while waiting", process.log());
      }
    }
  }
}
