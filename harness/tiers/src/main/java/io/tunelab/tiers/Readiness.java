package io.tunelab.tiers;

import java.time.Duration;
import java.util.concurrent.Callable;

/** Waits until a tier answers its real protocol, or says why it never will. */
public final class Readiness {
  private static final long POLL_MILLIS = 50;

  /** The status every tunelab tier process exits with when it refuses its settings. */
  public static final int BAD_INPUT_STATUS = 2;

  /** What a JVM prints when it refuses a flag (or a heap size) before running any code. */
  private static final String JVM_REFUSED = "Could not create the Java Virtual Machine";

  private Readiness() {}

  /**
   * Why a process ended before it was ready: bad input when the tier says its settings were wrong
   * (a tunelab tier's bad-input status, a JVM refusing a flag), a tier failure otherwise.
   */
  static RuntimeException ended(TierProcess process) {
    int status = process.exitValue();
    String problem = "its process ended with exit status " + status + " before it was ready";
    if (status == BAD_INPUT_STATUS) {
      return new TierInputException(
          process.name(), problem + ": it refused its settings", process.log());
    }
    if (TierProcess.tail(process.log(), 15).contains(JVM_REFUSED)) {
      return new TierInputException(
          process.name(),
          problem + ": its JVM refused a flag (check the tier's jvm knobs)",
          process.log());
    }
    return new TierStartException(process.name(), problem, process.log());
  }

  /**
   * Polls {@code probe} until it returns true. Fails fast when the process ends ({@link
   * TierInputException} when it refused its settings), and with the log tail when {@code timeout}
   * passes. Exceptions thrown by the probe count as "not yet".
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
        throw ended(process);
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
