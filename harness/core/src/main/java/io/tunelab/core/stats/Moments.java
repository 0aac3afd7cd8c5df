package io.tunelab.core.stats;

/**
 * What one sample says to the two-sample statistics: its size, mean and sample variance, in the
 * values' unit.
 *
 * @param n how many values
 * @param mean arithmetic mean
 * @param variance sample variance (n - 1 in the denominator); NaN for one value
 */
public record Moments(int n, double mean, double variance) {

  /** The moments of at least one value. */
  public static Moments of(double[] values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("no values: a sample needs at least one");
    }
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    double mean = sum / values.length;
    if (values.length == 1) {
      return new Moments(1, mean, Double.NaN);
    }
    // Two passes: the textbook one-pass formula loses every digit on values like 1e6 +- 1.
    double squares = 0;
    for (double v : values) {
      squares += (v - mean) * (v - mean);
    }
    return new Moments(values.length, mean, squares / (values.length - 1));
  }

  /** Sample standard deviation; NaN for one value. */
  public double stdDev() {
    return Math.sqrt(variance);
  }

  /** The variance of the mean, s^2 / n: the square of the mean's standard error. */
  double varianceOfMean() {
    return variance / n;
  }
}
