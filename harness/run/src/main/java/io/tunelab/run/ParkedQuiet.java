package io.tunelab.run;

import io.tunelab.run.observe.HostClock;
import java.time.Duration;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * Waits until a parked middleware is idle, every instance's JVM together: after its load stops, its
 * JIT compiles what the load queued and its collector finishes a cycle, for seconds on a small
 * machine, and that CPU would fall into the next step's measured window as noise from outside the
 * stack (seen as 13% of a 2-core machine). Idle is under {@value #IDLE_PERCENT}% of one core over
 * two windows of {@code WINDOW} in a row; the wait ends after {@code MAX_WAIT} whatever.
 */
final class ParkedQuiet {
  static final double IDLE_PERCENT = 3;
  private static final Duration WINDOW = Duration.ofMillis(500);
  private static final Duration MAX_WAIT = Duration.ofSeconds(30);

  private ParkedQuiet() {}

  /**
   * Waits; returns what to tell the user when the JVMs did not fall idle in time, else "".
   *
   * @param pids every instance's JVM
   */
  static String await(java.util.List<Long> pids) {
    long deadline = System.nanoTime() + MAX_WAIT.toNanos();
    int quiet = 0;
    double percent = Double.NaN;
    while (System.nanoTime() < deadline) {
      OptionalLong before = HostClock.cpuNanos(pids);
      long started = System.nanoTime();
      try {
        Thread.sleep(WINDOW.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return "";
      }
      OptionalLong after = HostClock.cpuNanos(pids);
      if (before.isEmpty() || after.isEmpty()) {
        return "";
      }
      percent = 100.0 * (after.getAsLong() - before.getAsLong()) / (System.nanoTime() - started);
      quiet = percent < IDLE_PERCENT ? quiet + 1 : 0;
      if (quiet == 2) {
        return "";
      }
    }
    return String.format(
        Locale.ROOT,
        "the parked middleware (pid %s) still used %.0f%% of a core after %d s: the next"
            + " step's measurement shares the machine with it",
        pids.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", ")),
        percent,
        MAX_WAIT.toSeconds());
  }
}
