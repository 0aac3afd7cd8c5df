package io.tunelab.core.stats;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A confidence interval of the ratio of two means, mean(B) / mean(A), by Fieller's method for two
 * independent samples with unequal variances.
 *
 * <p>tunelab uses Fieller rather than a bootstrap: it is deterministic (the same run gives the same
 * interval on every machine), exact when the repetitions' means are normally distributed, and sound
 * for the 2 to 10 repetitions a step has, where a percentile bootstrap has only a handful of
 * distinct resamples (3 values have 10) and its interval is too narrow.
 *
 * <p>Fieller's theorem: the set of ratios r for which B - r x A is not significantly different from
 * 0, i.e. (mB - r mA)^2 <= t^2 (vB + r^2 vA), with vA = sA^2/nA, vB = sB^2/nB and t the two-sided
 * quantile of Student's t at the Welch-Satterthwaite degrees of freedom. With g = t^2 vA / mA^2 and
 * q = mB/mA, the ends are (q +- (t/|mA|) sqrt(vB (1 - g) + q^2 vA)) / (1 - g). When g >= 1, A's
 * mean is not distinguishable from 0 and the set is unbounded (the whole line, or two rays): no
 * finite ends exist and none are given.
 *
 * @param bounded false when A's mean is not significantly different from 0 (g >= 1, or A's mean is
 *     exactly 0): then {@code low} and {@code high} are null
 * @param low lower end, a ratio (1 = no change); null when unbounded
 * @param high upper end; null when unbounded
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RatioInterval(boolean bounded, Double low, Double high) {
  /** The interval when A's mean is not distinguishable from 0. */
  public static final RatioInterval UNBOUNDED = new RatioInterval(false, null, null);

  public RatioInterval {
    if (bounded && (low == null || high == null || low > high)) {
      throw new IllegalArgumentException("a bounded interval needs low <= high");
    }
  }

  /**
   * Fieller's interval of mean(B) / mean(A).
   *
   * @param df degrees of freedom of the t quantile: Welch-Satterthwaite's for the two samples
   * @param confidence e.g. 0.95
   */
  public static RatioInterval fieller(Moments a, Moments b, double df, double confidence) {
    return fieller(a.mean(), a.varianceOfMean(), b.mean(), b.varianceOfMean(), df, confidence);
  }

  /**
   * Fieller's interval from each side's mean and the variance of that mean ({@link MultiLevel}).
   */
  public static RatioInterval fieller(MultiLevel a, MultiLevel b, double df, double confidence) {
    return fieller(a.mean(), a.varianceOfMean(), b.mean(), b.varianceOfMean(), df, confidence);
  }

  private static RatioInterval fieller(
      double meanA, double va, double meanB, double vb, double df, double confidence) {
    if (meanA == 0) {
      return UNBOUNDED;
    }
    double t = Quantiles.t(1 - (1 - confidence) / 2, df);
    double g = t * t * va / (meanA * meanA);
    if (!(g < 1)) {
      return UNBOUNDED;
    }
    double q = meanB / meanA;
    double half = t / Math.abs(meanA) * Math.sqrt(vb * (1 - g) + q * q * va);
    return new RatioInterval(true, (q - half) / (1 - g), (q + half) / (1 - g));
  }

  /** Whether the interval holds {@code ratio}; an unbounded one holds every ratio. */
  public boolean contains(double ratio) {
    return !bounded || (low <= ratio && ratio <= high);
  }
}
