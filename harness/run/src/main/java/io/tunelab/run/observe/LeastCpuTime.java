package io.tunelab.run.observe;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.OptionalDouble;
import java.util.function.LongSupplier;

/**
 * The CPU time of a fixed piece of work on the calling thread, the least of a few runs: a run the
 * scheduler interrupted refills the caches and reads slow, so the least is the work's own time. CPU
 * time, not wall time, so a busy machine only makes the work wait.
 */
final class LeastCpuTime {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /** Where each run's result goes, so the JIT cannot drop the work. */
  private static volatile long sink;

  private LeastCpuTime() {}

  /**
   * The least of {@code runs} runs of {@code work}, microseconds; empty without thread CPU time.
   */
  static OptionalDouble micros(int runs, LongSupplier work) {
    if (!THREADS.isCurrentThreadCpuTimeSupported()) {
      return OptionalDouble.empty();
    }
    long least = Long.MAX_VALUE;
    for (int i = 0; i < runs; i++) {
      long before = THREADS.getCurrentThreadCpuTime();
      sink += work.getAsLong();
      least = Math.min(least, THREADS.getCurrentThreadCpuTime() - before);
    }
    return OptionalDouble.of(least / 1e3);
  }
}
