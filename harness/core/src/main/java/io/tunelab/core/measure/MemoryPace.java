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
 * follows one scrambled cycle through an array larger than a last-level cache, each load depending
 * on the one before, so the prefetchers cannot guess it and its time is the latency of memory as
 * other guests and the stack's own processes leave it; timed in CPU time, as the pace is, so the
 * stack keeping both cores busy only makes it wait.
 */
public final class MemoryPace {
  /** 64 MiB of ints: past the last-level cache of the machines tunelab runs on. */
  static final int SLOTS = 16 * 1024 * 1024;

  /** Dependent loads per walk: about 1.5 ms of one core here (TLB and cache misses each). */
  static final int LOADS = 5_000;

  /** The multiplier of the walk's congruential cycle (Numerical Recipes'; 1 modulo 4). */
  private static final int MULTIPLIER = 1_664_525;

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
   * One cycle through every slot: slot {@code i} leads to {@code (MULTIPLIER * i + c) mod slots}, a
   * full-period congruential sequence (Hull and Dobell: {@code slots} a power of two, {@code c}
   * odd, the multiplier 1 modulo 4), so from any slot the walk visits all of them before it comes
   * back and no walk settles in a cached loop; the step from one slot to the next changes with the
   * slot, so no prefetcher follows it. Written in one sequential pass: the random shuffle this
   * replaces took 0.5-1 s of a controller's CPU at its first sample, for walks that measured the
   * same (about 1 ms per 5,000 loads here with either).
   *
   * @param slots a power of two
   */
  static int[] cycle(int slots, long seed) {
    if (slots <= 0 || Integer.bitCount(slots) != 1) {
      throw new IllegalArgumentException("slots must be a power of two, not " + slots);
    }
    int[] next = new int[slots];
    int c = (int) new SplittableRandom(seed).nextLong() | 1;
    int mask = slots - 1;
    for (int i = 0; i < slots; i++) {
      next[i] = (MULTIPLIER * i + c) & mask;
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
