package io.tunelab.core.stats;

import org.apache.commons.statistics.distribution.TDistribution;
import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.TTest;

/**
 * Welch's two-sample t-test of the difference of the means, two-sided: it does not assume equal
 * variances, which two tunings of a system rarely have. Computed by Apache Commons Statistics.
 *
 * <p>Degenerate cases, decided here because the t statistic is 0/0 or x/0 there: when both samples
 * are constant (variance 0), equal means give t = 0, p = 1 and different means give t = +-infinity,
 * p = 0 (every repetition of A differs from every repetition of B the same way: no noise can
 * explain it); df is then nA + nB - 2, as Welch's formula has no value. One constant sample and one
 * that varies is an ordinary case.
 *
 * @param t (mean B - mean A) / sqrt(sA^2/nA + sB^2/nB): positive when B is larger
 * @param df Welch-Satterthwaite degrees of freedom, not an integer in general
 * @param p two-sided p-value: the probability of a |t| at least this large if the means were equal
 */
public record WelchTest(double t, double df, double p) {
  private static final TTest WELCH = TTest.withDefaults().with(DataDispersion.HETEROSCEDASTIC);

  /**
   * Tests B against A.
   *
   * @throws IllegalArgumentException when a sample has fewer than two values (no variance)
   */
  public static WelchTest of(Moments a, Moments b) {
    if (a.n() < 2 || b.n() < 2) {
      throw new IllegalArgumentException(
          "Welch's test needs two values or more per sample, had " + a.n() + " and " + b.n());
    }
    if (a.variance() == 0 && b.variance() == 0) {
      double df = a.n() + b.n() - 2;
      if (a.mean() == b.mean()) {
        return new WelchTest(0, df, 1);
      }
      return new WelchTest(
          b.mean() > a.mean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY, df, 0);
    }
    TTest.Result result = WELCH.test(b.mean(), b.variance(), b.n(), a.mean(), a.variance(), a.n());
    return new WelchTest(result.getStatistic(), result.getDegreesOfFreedom(), result.getPValue());
  }

  /**
   * Tests B against A from each side's mean, the variance of that mean and its degrees of freedom
   * (both levels of a {@link MultiLevel}): t = (mB - mA) / sqrt(vA + vB), df by
   * Welch-Satterthwaite, (vA + vB)^2 / (vA^2 / dfA + vB^2 / dfB). With plain repetitions (vA = sA^2
   * / nA, dfA = nA - 1) this is {@link #of(Moments, Moments)}.
   */
  public static WelchTest of(MultiLevel a, MultiLevel b) {
    if (!a.testable() || !b.testable()) {
      throw new IllegalArgumentException(
          "Welch's test needs two values or more per sample, had " + a.n() + " and " + b.n());
    }
    double va = a.varianceOfMean();
    double vb = b.varianceOfMean();
    if (va == 0 && vb == 0) {
      double df = a.df() + b.df();
      if (a.mean() == b.mean()) {
        return new WelchTest(0, df, 1);
      }
      return new WelchTest(
          b.mean() > a.mean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY, df, 0);
    }
    double t = (b.mean() - a.mean()) / Math.sqrt(va + vb);
    double df = (va + vb) * (va + vb) / (va * va / a.df() + vb * vb / b.df());
    double p = Math.min(1, 2 * TDistribution.of(df).survivalProbability(Math.abs(t)));
    return new WelchTest(t, df, p);
  }

  /** Tests the values of B against those of A. */
  public static WelchTest of(double[] a, double[] b) {
    return of(Moments.of(a), Moments.of(b));
  }
}
