package io.tunelab.core.measure;

import java.util.SplittableRandom;

/**
 * A fixed walk through memory whose CPU time tells how fast the memory system answers right now,
 * read every second through a measured window beside {@link HostPace} (series {@code
 * host.memoryPace}).
 *
 * <p>Why: in a saturated, CPU-bound configuration every tier's CPU per order moved by up to a third
 * from one repetition to the next while the same work was done and {@link HostPace}, compute only,
 * stayed within 1% (benchmarks/README.md, "Where a CPU-bound configuration's noise comes from"):
 * the cost moved in the memory system or in the stack itself. This walk tells those apart. It
 * follows one random cycle through an array larger than a last-level cache, each load depending on
 * the one before, so the prefetchers cannot guess it and its time is the latency of memory as other
 * guests and the stack's own processes leave it; timed in CPU time, as the pace is, so the stack
 * keeping both cores busy only makes it wait.
 */
public final class MemoryPace {
  /** 64 MiB of ints: past the last-level cache of the machines tunelab runs on. */
  static final int SLOTS = 16 * 1024 * 1024;

  /** Dependent loads per walk: about 1.5 ms of one core here (TLB and cache misses each). */
  static final int LOADS = 5_000;

  private final int[] next;
  private final int loads;
  private int at;

  /** The walk of {@link #LOADS} loads through {@link #SLOTS} slots, its cycle from {@code seed}. */
  public MemoryPace(long seed) {
    this(SLOTS, LOADS, seed);
  }

  MemoryPace(int slots, int loads, long seed) {
    this.next = cycle(slots, seed);
    this.loads = loads;
  }

  /**
   * One cycle through every slot (Sattolo's shuffle): from any slot the walk visits all of them
   * before it comes back, so no walk settles in a cached loop.
   */
  static int[] cycle(int slots, long seed) {
    int[] next = new int[slots];
    for (int i = 0; i < slots; i++) {
      next[i] = i;
    }
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = slots - 1; i > 0; i--) {
      int j = random.nextInt(i);
      int swap = next[i];
      next[i] = next[j];
      next[j] = swap;
    }
    return next;
  }

  /** One walk, on from where the last one stopped; returns the slot it ended on. */
  public int walk() {
    int p = at;
    for (int i = 0; i < loads; i++) {
      p = next[p];
    }
    at = p;
    return p;
  }
}
