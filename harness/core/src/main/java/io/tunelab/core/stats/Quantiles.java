package io.tunelab.core.stats;

import org.apache.commons.statistics.distribution.TDistribution;

/** Quantiles of Student's t distribution, from Apache Commons Statistics. */
final class Quantiles {
  private Quantiles() {}

  /**
   * The value t with P(T <= t) = {@code probability} for {@code df} degrees of freedom; df need not
   * be an integer (Welch's is not).
   */
  static double t(double probability, double df) {
    return TDistribution.of(df).inverseCumulativeProbability(probability);
  }
}
