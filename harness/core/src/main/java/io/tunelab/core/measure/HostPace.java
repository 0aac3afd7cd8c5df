package io.tunelab.core.measure;

/**
 * A fixed piece of compute-only work whose CPU time tells how fast a core runs right now, read
 * every second through a measured window by the observer (series {@code host.pace}).
 *
 * <p>Why: in a CPU-bound configuration every tier's CPU per order can move together by 30% from one
 * repetition to the next while the hypervisor's steal barely shows it and {@link HostProbe}, read
 * before the repetition with the stack idle, does not follow (measured on the order-to-bill ladder,
 * docs/measurement.md). Either the host slowed the cores during the window (the clock, another
 * guest on the sibling hyperthread) or the cost moved in the memory system or the stack itself.
 * This pace tells the first from the others: it is timed in CPU time (not wall time), so the stack
 * keeping both cores busy only makes it wait, and its work is a register-resident integer mix over
 * no array, so caches and memory move it as little as possible.
 */
public final class HostPace {
  /** Mix rounds of one run: about 420 microseconds of one core here once compiled. */
  static final int ROUNDS = 200_000;

  private HostPace() {}

  /** One run of the work; the same result on every run (a test holds it to that). */
  public static long work() {
    long x = 0x9E3779B97F4A7C15L;
    for (int i = 0; i < ROUNDS; i++) {
      x ^= x >>> 31;
      x *= 0xBF58476D1CE4E5B9L;
      x += i;
    }
    return x;
  }
}
