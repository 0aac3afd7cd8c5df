package io.tunelab.tiers;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** A running tier of the stack: one or more OS processes with a log, stopped by {@link #close}. */
public interface Tier extends AutoCloseable {
  /** {@code db}, {@code broker}, {@code mocks}, {@code middleware} or {@code load}. */
  String name();

  /** The processes of this tier, for CPU accounting and for cleaning up after a crash. */
  List<ProcessHandle> processes();

  /** Wall time from launch until the tier answered its protocol. */
  Duration startTime();

  /** The tier's log file, kept after it stops. */
  Path log();

  /**
   * The signal that stops {@code process} cleanly when another controller must stop it: {@code
   * TERM} unless the tier says otherwise (a PostgreSQL postmaster wants {@code INT}).
   */
  default String stopSignal(ProcessHandle process) {
    return "TERM";
  }

  /** Stops the tier's processes. Idempotent. */
  @Override
  void close();
}
