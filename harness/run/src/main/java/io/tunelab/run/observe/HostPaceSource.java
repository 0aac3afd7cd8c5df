package io.tunelab.run.observe;

import io.tunelab.core.measure.HostPace;

/**
 * The host's pace each sample: the CPU microseconds {@link HostPace#work} took on the observer's
 * thread, the least of {@link #RUNS} runs (a run the scheduler interrupted refills the caches and
 * reads slow), as series {@code host.pace}, label {@code controller}.
 */
final class HostPaceSource implements Source {
  static final String SERIES = "host.pace";
  static final String LABEL = "controller";

  /** Runs per sample. */
  static final int RUNS = 3;

  /** Untimed runs once per JVM, so the samples time compiled code. */
  private static final int WARMUP_RUNS = 200;

  private static volatile long sink;
  private static volatile boolean warm;

  @Override
  public String name() {
    return "host";
  }

  @Override
  public void sample(long epochMillis, SeriesStore store) {
    warmUp();
    LeastCpuTime.micros(RUNS, HostPace::work)
        .ifPresent(micros -> store.add(epochMillis, SERIES, LABEL, micros));
  }

  private static void warmUp() {
    if (!warm) {
      for (int i = 0; i < WARMUP_RUNS; i++) {
        sink += HostPace.work();
      }
      warm = true;
    }
  }
}
