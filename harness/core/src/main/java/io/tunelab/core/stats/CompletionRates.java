package io.tunelab.core.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * Rates from the times at which units of work completed (epoch milliseconds, any order): the rate
 * of consecutive windows of a fixed count, and the rate of a drain's steady middle.
 *
 * <p>Windows hold a fixed number of completions rather than a fixed time, so a window's rate does
 * not carry the counting noise of a few completions more or less in a second; its noise is only how
 * evenly they came. A window's rate is its completions after the first over the time from its first
 * to its last completion, and consecutive windows share their boundary completion, so no time
 * between two windows is lost.
 */
public final class CompletionRates {
  /** Share of completions left out at each end of a drain for its steady rate: 10%. */
  public static final double TRIM = 0.10;

  /** Fewest completions for which a trimmed (steady) rate means anything. */
  public static final int MIN_FOR_STEADY = 20;

  private CompletionRates() {}

  /**
   * The per-minute rate of each complete window of {@code size} completions, oldest first; a last
   * window with fewer completions is left out.
   */
  public static List<Double> windows(List<Long> completionMillis, int size) {
    if (size < 2) {
      throw new IllegalArgumentException("a window holds 2 completions or more, was " + size);
    }
    List<Long> sorted = sorted(completionMillis);
    List<Double> rates = new ArrayList<>();
    for (int end = size; end < sorted.size(); end += size) {
      rates.add(perMinute(sorted, end - size, end));
    }
    return rates;
  }

  /**
   * The rate of the drain's middle: completions between the one at the {@link #TRIM} quantile and
   * the one at 1 - TRIM, over the time between them. It leaves out the pipeline's filling at the
   * start and its emptying at the end, where fewer stages work than in the steady middle. Empty
   * with fewer than {@link #MIN_FOR_STEADY} completions.
   */
  public static OptionalDouble steadyPerMinute(List<Long> completionMillis) {
    List<Long> sorted = sorted(completionMillis);
    int n = sorted.size();
    if (n < MIN_FOR_STEADY) {
      return OptionalDouble.empty();
    }
    int from = (int) Math.floor(TRIM * n);
    int to = (int) Math.ceil((1 - TRIM) * n) - 1;
    return OptionalDouble.of(perMinute(sorted, from, to));
  }

  /**
   * Completions per minute from {@code startMillis} to the last completion: every completion over
   * the whole drain; 0 without completions or time.
   */
  public static double wholePerMinute(List<Long> completionMillis, long startMillis) {
    long last = completionMillis.stream().mapToLong(Long::longValue).max().orElse(startMillis);
    long span = last - startMillis;
    return span <= 0 ? 0 : completionMillis.size() * 60_000.0 / span;
  }

  /**
   * Completions after index {@code from} up to index {@code to}, per minute of their span; a span
   * under one millisecond counts as one (the clock's resolution).
   */
  private static double perMinute(List<Long> sorted, int from, int to) {
    long span = Math.max(1, sorted.get(to) - sorted.get(from));
    return (to - from) * 60_000.0 / span;
  }

  private static List<Long> sorted(List<Long> times) {
    List<Long> sorted = new ArrayList<>(times);
    sorted.sort(null);
    return sorted;
  }
}
