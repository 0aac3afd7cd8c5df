package io.tunelab.core.stats;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import org.apache.commons.statistics.distribution.FDistribution;

/**
 * The mean of repetitions and its variance from both levels of the measurement: between repetitions
 * (their values' spread, n - 1 degrees of freedom) and within each repetition's window (its batch
 * means, k - 1 each). With few repetitions the between level alone has one or two degrees of
 * freedom, and its t quantiles (12.7, 4.3) hide any effect; the windows hold many more.
 *
 * <p>Their variances are pooled only when the data say the repetitions do not differ by more than
 * their windows' noise explains: the "sometimes pool" procedure of Bancroft (1944, "On biases in
 * estimation due to the use of preliminary tests of significance") and Paull (1950), as used for
 * random-effects models. With s_b^2 the repetitions' sample variance and w the mean of their
 * windows' variances (both estimate the variance of one repetition's value when there is no
 * repetition-level effect), F = s_b^2 / w is tested against F(n - 1, sum of the windows' df); when
 * its p-value is above {@link #POOL_ALPHA} the two are pooled, weighted by their degrees of
 * freedom, and the mean's variance is the pooled value over n; otherwise it is s_b^2 / n with n - 1
 * degrees of freedom, the plain between-repetition estimate. The preliminary test's level is 0.5,
 * not the 0.25 often quoted: simulated with 2 to 5 repetitions a side, 10 batches each and a
 * repetition-level variance from 0 to 4 times the window's, Welch's test on the result kept its
 * false-positive rate at or under 5% (at 0.25 it reached 6.7% with two repetitions); {@code
 * MultiLevelTest} holds that.
 *
 * <p>The windows count only while the repetitions alone have too few degrees of freedom: up to
 * {@link #MAX_POOLED} repetitions (t quantiles of 12.7 and 4.3 at 1 and 2 degrees of freedom). From
 * more on, the repetitions' own spread is the variance: it holds every source of noise, where a
 * window's batches hold only part, and measured here they overstate it too (a batch-order window of
 * 80 orders in 8 batches gave 7.8% where the repetitions varied 2.9%: orders of a mix arrive in
 * clumps that a whole batch evens out). The choice rests on the count alone, never on which
 * estimate is smaller, which would bias the test.
 *
 * @param n values
 * @param mean their mean
 * @param varianceOfMean the variance of {@code mean}; NaN with fewer than 2 values
 * @param df its degrees of freedom; NaN with fewer than 2 values
 * @param between the values' sample variance s_b^2; NaN with fewer than 2 values
 * @param within the mean of the windows' variances; null when a value has none
 * @param withinDf their degrees of freedom summed; null with {@code within}
 * @param poolP the preliminary F test's p-value; null when not tested
 * @param pooled whether the within level was pooled in
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MultiLevel(
    int n,
    double mean,
    double varianceOfMean,
    double df,
    double between,
    Double within,
    Double withinDf,
    Double poolP,
    boolean pooled) {
  /** The preliminary test's level: pool when its p-value is above this. */
  public static final double POOL_ALPHA = 0.5;

  /** The most repetitions for which the windows' level is pooled in. */
  public static final int MAX_POOLED = 3;

  /** The two levels of these estimates. */
  public static MultiLevel of(List<Estimate> estimates) {
    int n = estimates.size();
    double[] values = new double[n];
    double[] variances = new double[n];
    double[] dfs = new double[n];
    for (int i = 0; i < n; i++) {
      Estimate e = estimates.get(i);
      values[i] = e.value();
      variances[i] = e.hasWithin() ? e.withinVariance() : Double.NaN;
      dfs[i] = e.hasWithin() ? e.withinDf() : Double.NaN;
    }
    return of(values, variances, dfs);
  }

  /**
   * The two levels of values given with their windows' variances and degrees of freedom (NaN where
   * a window gave none).
   */
  static MultiLevel of(double[] values, double[] withinVariances, double[] withinDfs) {
    if (values.length == 0) {
      throw new IllegalArgumentException("no values: the levels need at least one");
    }
    Moments m = Moments.of(values);
    int n = m.n();
    if (n < 2) {
      return new MultiLevel(
          n, m.mean(), Double.NaN, Double.NaN, Double.NaN, null, null, null, false);
    }
    double w = 0;
    double dfw = 0;
    for (int i = 0; i < n; i++) {
      if (Double.isNaN(withinVariances[i]) || Double.isNaN(withinDfs[i])) {
        return between(m);
      }
      w += withinVariances[i];
      dfw += withinDfs[i];
    }
    w /= n;
    if (w <= 0) {
      return between(m).withWithin(w, dfw, null, false);
    }
    double f = m.variance() / w;
    double poolP = FDistribution.of(n - 1, dfw).survivalProbability(f);
    if (!(poolP > POOL_ALPHA)) {
      return between(m).withWithin(w, dfw, poolP, false);
    }
    double pooledVariance = ((n - 1) * m.variance() + dfw * w) / ((n - 1) + dfw);
    return new MultiLevel(
        n, m.mean(), pooledVariance / n, (n - 1) + dfw, m.variance(), w, dfw, poolP, true);
  }

  private static MultiLevel between(Moments m) {
    return new MultiLevel(
        m.n(), m.mean(), m.varianceOfMean(), m.n() - 1, m.variance(), null, null, null, false);
  }

  private MultiLevel withWithin(double w, double dfw, Double p, boolean pool) {
    return new MultiLevel(n, mean, varianceOfMean, df, between, w, dfw, p, pool);
  }

  /** Whether there is a variance to test with (2 values or more). */
  public boolean testable() {
    return n >= 2 && !Double.isNaN(varianceOfMean);
  }
}
