package io.tunelab.run.observe;

import io.tunelab.core.measure.MemoryPace;

/**
 * The memory system's pace each sample: the CPU microseconds one {@link MemoryPace#walk()} took on
 * the observer's thread, the least of {@link #RUNS} walks, as series {@code host.memoryPace}, label
 * {@code controller}. Its 64 MiB are made once per JVM, at the first sample.
 */
final class MemoryPaceSource implements Source {
  static final String SERIES = "host.memoryPace";
  static final String LABEL = "controller";

  /** Walks per sample. */
  static final int RUNS = 3;

  private static final long SEED = 0x7E57AB1EL;

  /** One walk for the JVM: each observer goes on through the same 64 MiB. */
  private static MemoryPace pace;

  @Override
  public String name() {
    return "memory";
  }

  @Override
  public void sample(long epochMillis, SeriesStore store) {
    MemoryPace walk = pace();
    LeastCpuTime.micros(RUNS, walk::walk)
        .ifPresent(micros -> store.add(epochMillis, SERIES, LABEL, micros));
  }

  private static synchronized MemoryPace pace() {
    if (pace == null) {
      pace = new MemoryPace(SEED);
    }
    return pace;
  }
}
