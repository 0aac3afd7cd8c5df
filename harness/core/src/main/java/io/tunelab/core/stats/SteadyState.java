package io.tunelab.core.stats;

import java.util.List;

/**
 * Whether a series of rates measured one after the other (the completion rate of consecutive
 * windows of a warm-up) has settled, after Georges, Buytaert and Eeckhout (OOPSLA 2007: steady when
 * the coefficient of variation of the last k iterations is under a threshold), with a trend test
 * added because a JIT warm-up climbs smoothly: k windows rising 1% each have a small CV and are not
 * steady.
 *
 * <p>The rule: the series is steady at its m-th value when m >= k and, over its last k values, (1)
 * the coefficient of variation is at most the tolerance and (2) the least-squares line through them
 * changes by at most the tolerance from the first to the last of them, relative to their mean. The
 * steady level is their mean. A series that never meets the rule before its cap has no steady
 * state; Barrett et al. (OOPSLA 2017) found such runs common, so the verdict says so rather than
 * report a number.
 *
 * @param windows k, the trailing values the rule looks at, 2 or more
 * @param tolerance the largest CV and relative trend allowed, as a fraction (0.05 = 5%)
 */
public record SteadyState(int windows, double tolerance) {
  public SteadyState {
    if (windows < 2) {
      throw new IllegalArgumentException("the rule needs 2 windows or more, was " + windows);
    }
    if (!(tolerance > 0 && tolerance < 1)) {
      throw new IllegalArgumentException("tolerance must be in (0, 1), was " + tolerance);
    }
  }

  /** What the rule says about the values so far. */
  public record Verdict(
      boolean steady, int values, double level, double cv, double trend, Shape shape) {
    /** One line for a person: the figures the rule judged. */
    public String describe() {
      return String.format(
          java.util.Locale.ROOT,
          "%s after %d windows: last windows CV %.1f%%, trend %+.1f%%, level %.1f",
          steady ? "steady" : "not steady",
          values,
          100 * cv,
          100 * trend,
          level);
    }
  }

  /**
   * How the series reached its level, in Barrett et al.'s words: {@code WARMUP} (it rose to it),
   * {@code SLOWDOWN} (it fell to it), {@code FLAT} (it started there), {@code NONE} (not steady).
   */
  public enum Shape {
    FLAT,
    WARMUP,
    SLOWDOWN,
    NONE
  }

  /** Judges the series as it stands; not steady while it has fewer than {@link #windows} values. */
  public Verdict judge(List<Double> rates) {
    int m = rates.size();
    if (m < windows) {
      return new Verdict(false, m, Double.NaN, Double.NaN, Double.NaN, Shape.NONE);
    }
    List<Double> last = rates.subList(m - windows, m);
    double mean = last.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    if (mean <= 0) {
      return new Verdict(false, m, mean, Double.NaN, Double.NaN, Shape.NONE);
    }
    double cv = Math.sqrt(variance(last, mean)) / mean;
    double trend = slope(last) * (windows - 1) / mean;
    boolean steady = cv <= tolerance && Math.abs(trend) <= tolerance;
    return new Verdict(steady, m, mean, cv, trend, steady ? shape(rates, mean) : Shape.NONE);
  }

  private Shape shape(List<Double> rates, double level) {
    double first = rates.get(0);
    if (first < level * (1 - tolerance)) {
      return Shape.WARMUP;
    }
    return first > level * (1 + tolerance) ? Shape.SLOWDOWN : Shape.FLAT;
  }

  private static double variance(List<Double> values, double mean) {
    double squares = 0;
    for (double v : values) {
      squares += (v - mean) * (v - mean);
    }
    return squares / (values.size() - 1);
  }

  /** Least-squares slope of the values against their position 0..n-1. */
  static double slope(List<Double> values) {
    int n = values.size();
    double meanX = (n - 1) / 2.0;
    double meanY = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    double sxy = 0;
    double sxx = 0;
    for (int i = 0; i < n; i++) {
      sxy += (i - meanX) * (values.get(i) - meanY);
      sxx += (i - meanX) * (i - meanX);
    }
    return sxy / sxx;
  }
}
