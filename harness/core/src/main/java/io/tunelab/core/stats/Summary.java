package io.tunelab.core.stats;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * What repetitions of one measurement say together: the median (what tunelab reports), the mean
 * with its 95% confidence interval (Student t, quantile from Apache Commons Statistics), and the
 * coefficient of variation (sample standard deviation / mean) that tells whether the measurement is
 * steady.
 *
 * <p>With one value there is no spread: {@code stdDev}, {@code cv} and the interval are NaN.
 *
 * @param n how many values
 * @param median middle value (mean of the two middle ones for an even count)
 * @param mean arithmetic mean
 * @param stdDev sample standard deviation (n - 1 in the denominator)
 * @param cv stdDev / mean, as a fraction (0.05 = 5%); NaN when the mean is 0
 * @param ciLow lower end of the 95% confidence interval of the mean
 * @param ciHigh upper end of the 95% confidence interval of the mean
 */
public record Summary(
    int n, double median, double mean, double stdDev, double cv, double ciLow, double ciHigh) {
  /** The CV above which a step is flagged as noisy: 5%. */
  public static final double NOISY_CV = 0.05;

  /** Summarizes at least one value. */
  public static Summary of(Collection<? extends Number> values) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("no values to summarize");
    }
    List<Double> sorted = new ArrayList<>();
    values.forEach(v -> sorted.add(v.doubleValue()));
    sorted.sort(null);
    int n = sorted.size();
    double median =
        n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    double mean = sorted.stream().mapToDouble(Double::doubleValue).sum() / n;
    if (n == 1) {
      return new Summary(1, median, mean, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }
    double squares = sorted.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
    double stdDev = Math.sqrt(squares / (n - 1));
    double halfWidth = Quantiles.t(0.975, n - 1) * stdDev / Math.sqrt(n);
    double cv = mean == 0 ? Double.NaN : stdDev / Math.abs(mean);
    return new Summary(n, median, mean, stdDev, cv, mean - halfWidth, mean + halfWidth);
  }

  /** Whether the spread is known and over {@link #NOISY_CV}. */
  public boolean noisy() {
    return !Double.isNaN(cv) && cv > NOISY_CV;
  }

  /** Whether there is an interval (two values or more). */
  public boolean hasInterval() {
    return n >= 2 && !Double.isNaN(ciLow);
  }
}
