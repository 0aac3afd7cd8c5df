package io.tunelab.core.stats;

/**
 * One repetition's value of a metric, with how precisely its own window gave it.
 *
 * @param value the repetition's value, e.g. its steady throughput
 * @param withinVariance the variance of {@code value} within its window (its batch means' squared
 *     standard error); null when the window gave none
 * @param withinDf degrees of freedom of {@code withinVariance}; null with it
 */
public record Estimate(double value, Double withinVariance, Integer withinDf) {
  public Estimate {
    if ((withinVariance == null) != (withinDf == null)) {
      throw new IllegalArgumentException("a within variance needs its degrees of freedom");
    }
    if (withinVariance != null && (!(withinVariance >= 0) || withinDf < 1)) {
      throw new IllegalArgumentException(
          "a within variance must be >= 0 with df >= 1, was " + withinVariance + ", " + withinDf);
    }
  }

  /** A value whose window said nothing of its precision. */
  public static Estimate of(double value) {
    return new Estimate(value, null, null);
  }

  /** A value with its window's batch means. */
  public static Estimate of(BatchMeans batches) {
    return new Estimate(batches.perMinute(), batches.varianceOfMean(), batches.df());
  }

  public boolean hasWithin() {
    return withinVariance != null;
  }
}
