package io.tunelab.core.stats;

import java.util.List;
import java.util.Optional;

/**
 * The noise within the windows of a step's repetitions, read batch by batch across them: a two-way
 * analysis of variance without replication (repetitions x batch positions) on the logarithms of the
 * batches' durations. A window's own batch means ({@link BatchMeans}) take every difference between
 * its batches for noise; but the repetitions of a step send the same seeded orders in the same
 * order, so batch j of every repetition holds nearly the same orders, and the pattern the batches
 * share (a run of large orders, a customer that needs creating, the pipeline filling) is the same
 * in each: it is no noise of the repetition's rate. The two-way fit removes it (the positions'
 * effects) and the repetitions' levels (the rows' effects, which are what the comparison is about),
 * and its residual variance s^2, with (n - 1)(k - 1) degrees of freedom, is the noise left. A
 * repetition's total time T = sum of t_j then varies by exp(e_j) per batch, so its relative
 * variance, and its rate's, is s^2 sum of (t_j / T)^2 (delta method; s^2 / k for equal batches). On
 * logarithms, a repetition on a slower host (every batch a few percent longer) is a row effect, not
 * an interaction.
 *
 * <p>Measured on 10 A/A runs of {@code benchmarks/aa.yaml} (40 paired comparisons, from each
 * repetition's {@code orders.csv} by {@code benchmarks/window-noise.py}): the rounds' log ratios
 * spread by 4.8%, and this noise predicted 4.9% for them, where the windows' own batch means
 * predicted about 10.6% (7.5% a window).
 *
 * <p>Batches must not be positively correlated along a window: while the residuals' lag-1
 * autocorrelation (pooled over the rows) is over 1.645 / sqrt(n k), neighbouring batches are merged
 * (k halves), down to {@link BatchMeans#MIN_BATCHES}; past that there is no estimate.
 *
 * @param repetitions n, the windows
 * @param batches k, the batch positions the estimate rests on (after merging)
 * @param residualVariance s^2, the residual variance of the log durations
 * @param df (n - 1)(k - 1)
 * @param lag1 the residuals' lag-1 autocorrelation, pooled over the rows
 */
public record AlignedWindows(
    int repetitions, int batches, double residualVariance, int df, double lag1) {

  /**
   * The noise of these windows, batch by batch; empty with fewer than two windows, windows cut into
   * different counts of batches, a batch of no length, or batches that stay correlated.
   */
  public static Optional<AlignedWindows> of(List<WindowBatches> windows) {
    int n = windows.size();
    if (n < 2) {
      return Optional.empty();
    }
    int k = windows.get(0).batches();
    double[][] t = new double[n][];
    for (int i = 0; i < n; i++) {
      WindowBatches w = windows.get(i);
      if (w.batches() != k || k < BatchMeans.MIN_BATCHES) {
        return Optional.empty();
      }
      t[i] = w.millis().stream().mapToDouble(Double::doubleValue).toArray();
      for (double d : t[i]) {
        if (!(d > 0)) {
          return Optional.empty();
        }
      }
    }
    while (true) {
      double[][] e = residuals(t);
      int cols = t[0].length;
      double lag1 = lag1(e);
      if (!(lag1 > 1.645 / Math.sqrt(n * cols))) {
        double ss = 0;
        for (double[] row : e) {
          for (double v : row) {
            ss += v * v;
          }
        }
        int df = (n - 1) * (cols - 1);
        return Optional.of(new AlignedWindows(n, cols, ss / df, df, lag1));
      }
      if (cols / 2 < BatchMeans.MIN_BATCHES) {
        return Optional.empty();
      }
      for (int i = 0; i < n; i++) {
        t[i] = merged(t[i]);
      }
    }
  }

  /**
   * The relative variance of one of these windows' rate: s^2 times the sum of its batches' squared
   * shares of its time, its batches merged as the estimate's were.
   */
  public double relativeVariance(WindowBatches window) {
    double[] t = window.millis().stream().mapToDouble(Double::doubleValue).toArray();
    while (t.length > batches) {
      t = merged(t);
    }
    double total = 0;
    for (double d : t) {
      total += d;
    }
    double shares = 0;
    for (double d : t) {
      shares += (d / total) * (d / total);
    }
    return residualVariance * shares;
  }

  /** e_ij = y_ij - row mean - column mean + grand mean, y the log durations. */
  static double[][] residuals(double[][] t) {
    int n = t.length;
    int k = t[0].length;
    double[][] y = new double[n][k];
    double[] rows = new double[n];
    double[] cols = new double[k];
    double grand = 0;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < k; j++) {
        y[i][j] = Math.log(t[i][j]);
        rows[i] += y[i][j] / k;
        cols[j] += y[i][j] / n;
        grand += y[i][j] / (n * k);
      }
    }
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < k; j++) {
        y[i][j] = y[i][j] - rows[i] - cols[j] + grand;
      }
    }
    return y;
  }

  /** Lag-1 autocorrelation along the rows, pooled; 0 when the residuals are all 0. */
  static double lag1(double[][] e) {
    double num = 0;
    double den = 0;
    for (double[] row : e) {
      for (int j = 0; j < row.length; j++) {
        den += row[j] * row[j];
        if (j + 1 < row.length) {
          num += row[j] * row[j + 1];
        }
      }
    }
    // residuals of a pattern the repetitions share exactly are rounding, not a series
    return den < 1e-18 ? 0 : num / den;
  }

  private static double[] merged(double[] values) {
    double[] merged = new double[values.length / 2];
    for (int j = 0; j < merged.length; j++) {
      merged[j] = values[2 * j] + values[2 * j + 1];
    }
    return merged;
  }
}
