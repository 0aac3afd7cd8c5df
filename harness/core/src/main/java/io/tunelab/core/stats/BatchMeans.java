package io.tunelab.core.stats;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How precisely one measured window gives its rate, from the window itself: the method of batch
 * means of simulation output analysis (Law and Kelton, "Simulation Modeling and Analysis", ch. 9;
 * Schmeiser 1982, "Batch size effects in the analysis of simulation output"), on a rate. The
 * window's steady part (the completions between the {@link CompletionRates#TRIM} quantiles, as
 * {@link CompletionRates#steadyPerMinute} takes it) is cut into k batches of (nearly) equal counts
 * of completions; the window's rate R is all their completions over all their time, exactly the
 * steady rate. Counts are fixed and only the batches' durations vary, so the estimate carries the
 * variability of the process, not that of where a time boundary falls between two completions. R is
 * a ratio estimator: its variance is s_e^2 / (k tbar^2), with e_j = c_j - R t_j the batches'
 * residuals and tbar their mean duration, with k - 1 degrees of freedom, provided the batches are
 * not positively correlated: while the lag-1 autocorrelation of the residuals is significantly
 * positive (over 1.645 / sqrt(k)), neighbouring batches are merged (k halves), down to {@link
 * #MIN_BATCHES}. A window whose batches stay correlated there, or whose first (finest) batch rates
 * trend (Mann-Kendall at 5%: a rate that climbs or sinks through the window), gives no estimate:
 * its spread is not noise around one level.
 *
 * @param perMinute the steady rate, all the batches' completions over all their time (= {@code
 *     steadyPerMinute})
 * @param batches k, the batches the estimate rests on
 * @param batchSeconds the mean length of one batch
 * @param standardErrorPerMinute the standard error of {@code perMinute}
 * @param lag1 the lag-1 autocorrelation of the k batches' residuals
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BatchMeans(
    double perMinute,
    int batches,
    double batchSeconds,
    double standardErrorPerMinute,
    double lag1) {
  /** Fewest batches an estimate rests on. */
  public static final int MIN_BATCHES = 4;

  /** Most batches a window is first cut into. */
  public static final int MAX_BATCHES = 32;

  /** Completions a first batch holds on average, at least. */
  static final int MIN_PER_BATCH = 5;

  /** The variance of {@link #perMinute}, the square of its standard error. */
  public double varianceOfMean() {
    return standardErrorPerMinute * standardErrorPerMinute;
  }

  /** Degrees of freedom of that variance: k - 1. */
  public int df() {
    return batches - 1;
  }

  /**
   * The batch means of a window's completions (epoch milliseconds, any order); empty when the
   * steady part is too short for {@link #MIN_BATCHES} batches of a few completions, has no length,
   * or its batches stay positively correlated.
   */
  public static Optional<BatchMeans> of(List<Long> completionMillis) {
    Optional<WindowBatches.Cut> cut = WindowBatches.Cut.of(completionMillis);
    if (cut.isEmpty()) {
      return Optional.empty();
    }
    double[] counts = cut.get().counts();
    double[] millis = cut.get().millis();
    // a trend is judged on the finest batches: merged down to a few, none could show
    if (MannKendall.of(boxed(rates(counts, millis))).trend(0.05)) {
      return Optional.empty();
    }
    while (true) {
      double rate = sum(counts) / sum(millis);
      double[] residuals = new double[counts.length];
      for (int j = 0; j < counts.length; j++) {
        residuals[j] = counts[j] - rate * millis[j];
      }
      double lag1 = lag1(residuals);
      if (!(lag1 > 1.645 / Math.sqrt(counts.length))) {
        int m = counts.length;
        double meanMillis = sum(millis) / m;
        double residualVariance = 0;
        for (double e : residuals) {
          residualVariance += e * e;
        }
        residualVariance /= m - 1;
        double se = Math.sqrt(residualVariance / m) / meanMillis * 60_000;
        return Optional.of(new BatchMeans(rate * 60_000, m, meanMillis / 1000, se, lag1));
      }
      if (counts.length / 2 < MIN_BATCHES) {
        return Optional.empty();
      }
      counts = merged(counts);
      millis = merged(millis);
    }
  }

  private static double sum(double[] values) {
    double total = 0;
    for (double v : values) {
      total += v;
    }
    return total;
  }

  private static double[] rates(double[] counts, double[] millis) {
    double[] rates = new double[counts.length];
    for (int j = 0; j < counts.length; j++) {
      rates[j] = millis[j] <= 0 ? 0 : counts[j] * 60_000 / millis[j];
    }
    return rates;
  }

  private static List<Double> boxed(double[] values) {
    List<Double> out = new ArrayList<>();
    for (double v : values) {
      out.add(v);
    }
    return out;
  }

  private static double[] merged(double[] counts) {
    double[] merged = new double[counts.length / 2];
    for (int j = 0; j < merged.length; j++) {
      merged[j] = counts[2 * j] + counts[2 * j + 1];
    }
    return merged;
  }

  /** Lag-1 autocorrelation; 0 when the values do not vary. */
  static double lag1(double[] x) {
    double mean = 0;
    for (double v : x) {
      mean += v;
    }
    mean /= x.length;
    double num = 0;
    double den = 0;
    for (int j = 0; j < x.length; j++) {
      den += (x[j] - mean) * (x[j] - mean);
      if (j + 1 < x.length) {
        num += (x[j] - mean) * (x[j + 1] - mean);
      }
    }
    return den == 0 ? 0 : num / den;
  }
}
