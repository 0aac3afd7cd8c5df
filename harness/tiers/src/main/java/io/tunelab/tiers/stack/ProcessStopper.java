package io.tunelab.tiers.stack;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Stops processes this controller did not start (they belong to a detached or crashed controller's
 * stack): the clean stop signal first, SIGKILL after a grace period.
 */
final class ProcessStopper {
  private ProcessStopper() {}

  /** Stops every live process of the records, descendants included; returns how many ran. */
  static int stop(List<ProcessRecord> records, Duration grace) {
    List<ProcessHandle> running = new ArrayList<>();
    for (ProcessRecord record : records) {
      record
          .live()
          .ifPresent(
              handle -> {
                handle.descendants().forEach(running::add);
                running.add(handle);
                signal(handle, record.stopSignal());
              });
    }
    long deadline = System.nanoTime() + grace.toNanos();
    while (System.nanoTime() < deadline && running.stream().anyMatch(ProcessHandle::isAlive)) {
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    running.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    return (int) records.stream().filter(r -> r.pid() > 0).count();
  }

  private static void signal(ProcessHandle handle, String signal) {
    if (signal == null || signal.equals("TERM")) {
      handle.destroy();
      return;
    }
    // ProcessHandle only knows TERM and KILL; a postmaster needs INT for a fast shutdown.
    try {
      Process kill =
          new ProcessBuilder("kill", "-s", signal, Long.toString(handle.pid()))
              .redirectErrorStream(true)
              .start();
      if (!kill.waitFor(5, TimeUnit.SECONDS) || kill.exitValue() != 0) {
        handle.destroy();
      }
    } catch (IOException e) {
      handle.destroy();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      handle.destroy();
    }
  }
}
