package io.tunelab.tiers.stack;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * A tier process as remembered in a stack's state file, enough to stop it from another controller
 * and to never mistake a recycled pid for it.
 *
 * @param pid the process id
 * @param startEpochMillis when the process started, as the OS reports it
 * @param stopSignal the signal that stops it cleanly ({@code TERM}, or {@code INT} for a PostgreSQL
 *     postmaster, whose SIGTERM waits for every client to leave)
 */
public record ProcessRecord(long pid, long startEpochMillis, String stopSignal) {
  private static final Duration SAME_PROCESS_TOLERANCE = Duration.ofSeconds(2);

  public static ProcessRecord of(ProcessHandle handle, String stopSignal) {
    long started = handle.info().startInstant().map(Instant::toEpochMilli).orElse(0L);
    return new ProcessRecord(handle.pid(), started, stopSignal);
  }

  /** The live process this record names, unless it ended or its pid now belongs to another. */
  public Optional<ProcessHandle> live() {
    return ProcessHandle.of(pid)
        .filter(ProcessHandle::isAlive)
        .filter(
            handle ->
                startEpochMillis == 0
                    || handle
                        .info()
                        .startInstant()
                        .map(
                            start ->
                                Math.abs(start.toEpochMilli() - startEpochMillis)
                                    <= SAME_PROCESS_TOLERANCE.toMillis())
                        .orElse(true));
  }
}
