package io.tunelab.core.measure;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * How fast the host runs a fixed piece of work right now: sorting the same 2^18 pseudo-random longs
 * (2 MB, past the cores' private caches), timed in the controller's JVM while the stack is idle,
 * the fastest of {@link #TIMED} runs after {@link #DISCARDED} untimed ones for the JIT.
 *
 * <p>Why: on a shared VM the host's speed moves by more than any knob's effect without the
 * hypervisor's steal showing it (measured: the same commit and study cost 2.7 times the CPU per
 * order two days apart, steal 3-4%; benchmarks/README.md). Steal counts the time a vCPU waited, not
 * how much work a running vCPU gets done. A repetition's probe read beside its CPU per unit tells a
 * host that slowed down (every tier's cost and the probe rise together) from a stack whose own
 * state got costlier (the tiers' cost rises, the probe does not). The fastest run is taken so that
 * a moment of interference during the probe does not read as a slow host.
 */
public final class HostProbe {
  /** Longs sorted per run: 2^18, 2 MB. */
  static final int SIZE = 1 << 18;

  /** Runs timed; the fastest counts. */
  static final int TIMED = 5;

  /** Runs before the timed ones, for the JIT to compile the sort. */
  static final int DISCARDED = 1;

  private static final long SEED = 20261127L;
  private static final long[] INPUT = new SplittableRandom(SEED).longs(SIZE).toArray();

  // the checksums land here, so the runs are work the JIT must do
  private static volatile long sink;

  private HostProbe() {}

  /** The fastest of the timed runs, in milliseconds. */
  public static double millis() {
    long[] work = new long[SIZE];
    long fastest = Long.MAX_VALUE;
    for (int i = 0; i < DISCARDED + TIMED; i++) {
      long started = System.nanoTime();
      sink += checksum(work);
      long took = System.nanoTime() - started;
      if (i >= DISCARDED) {
        fastest = Math.min(fastest, took);
      }
    }
    return fastest / 1e6;
  }

  /**
   * One run of the work: the input copied and sorted; returns a checksum of the result, the same on
   * every run (so the work cannot be optimized away, and a test can see it is always the same).
   */
  static long checksum(long[] work) {
    System.arraycopy(INPUT, 0, work, 0, SIZE);
    Arrays.sort(work);
    long sum = 0;
    for (int i = 0; i < SIZE; i += 1024) {
      sum = 31 * sum + work[i];
    }
    return sum;
  }
}
