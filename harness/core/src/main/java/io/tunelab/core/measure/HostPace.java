package io.tunelab.core.measure;

/**
 * A fixed piece of compute-only work whose CPU time tells how fast the host runs a busy vCPU right
 * now, read every second through a measured window by the observer (series {@code host.pace}).
 *
 * <p>Why: on a shared VM the CPU time one unit of work costs moves with the host (another guest on
 * the sibling hyperthread, the clock frequency), by 30% from one repetition to the next, with every
 * tier's cost per order moving together and the hypervisor's steal barely showing it. {@link
 * HostProbe} reads the host before a repetition, with the stack idle; this reads it during the
 * window, as CPU time (not wall time), so the stack keeping both cores busy does not count: a
 * slower host makes the same work cost more CPU time, a busy one only makes it wait.
 *
 * <p>The work is a register-resident integer mix over no array, so the stack's use of the caches
 * and of memory moves it as little as possible: what is left is the core's speed.
 */
public final class HostPace {
  /** Mix rounds of one run: about 100 microseconds of one core once compiled. */
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
