package io.tunelab.core.stats;

/** Which way a metric improves: throughput up, latency and errors down. */
public enum Direction {
  HIGHER_IS_BETTER,
  LOWER_IS_BETTER;

  /** Whether {@code b} is better than {@code a} in this direction (equal is not better). */
  public boolean better(double a, double b) {
    return this == HIGHER_IS_BETTER ? b > a : b < a;
  }
}
