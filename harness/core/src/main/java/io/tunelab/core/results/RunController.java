package io.tunelab.core.results;

import java.time.Instant;
import java.util.Optional;

/**
 * The controller process that writes a run: how a reader tells a run that is still going from one
 * whose controller was killed ({@code kill -9}, a machine that went down) while its {@code
 * run.json} still says {@code running}. A pid alone is not enough, since the system hands it out
 * again: the process's start time must match too.
 *
 * @param pid the controller's process id
 * @param startedAt when that process started (ISO-8601), as the operating system says; null when it
 *     did not say
 */
public record RunController(long pid, String startedAt) {
  /** The process this code runs in. */
  public static RunController current() {
    ProcessHandle self = ProcessHandle.current();
    return new RunController(
        self.pid(), self.info().startInstant().map(Instant::toString).orElse(null));
  }

  /**
   * Whether this controller still runs: a process of that pid is alive and started when this one
   * did (to the second, the precision the operating system gives).
   */
  public boolean alive() {
    Optional<ProcessHandle> process = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
    if (process.isEmpty()) {
      return false;
    }
    if (startedAt == null) {
      return true;
    }
    Optional<Instant> started = process.get().info().startInstant();
    return started.isEmpty()
        || Math.abs(started.get().getEpochSecond() - Instant.parse(startedAt).getEpochSecond())
            <= 1;
  }
}
