package io.tunelab.core.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.TTest;

/**
 * Change points of a series of measurements in time order: the points where the level of the series
 * shifts and stays shifted, as opposed to the noise of single runs.
 *
 * <p>The method is E-divisive means (Matteson and James, 2014) with the changes Hunter made for
 * performance histories (Fleming et al., 2023, and Apache Otava after it): a permutation test is
 * replaced by a two-sample t-test, so the result is deterministic and cheap, and candidates are
 * first found with a weak threshold and then kept only if they pass the real one against their
 * neighbouring change points. One change of ours: the split tested is the best of many, and the
 * t-test's p of the best of many splits is far too small (on flat noise, p under 0.001 came out in
 * about one series of 40 runs in 8), so each p is multiplied by the number of splits the segment
 * offered (Bonferroni): a change point then means what its p says. The t-test is Student's, with
 * the variance pooled over both sides: without a change both sides have one spread, and a short
 * side whose few runs happen to agree cannot look certain on its own variance (with Welch's test it
 * did: 2 false change points in 50 flat series even with the correction, none with Student's).
 *
 * <ol>
 *   <li>Split: in a segment, the candidate is the split that maximises the energy statistic {@code
 *       Q = n1 n2 / (n1 + n2) * (2 mean|x - y| - mean|x - x'| - mean|y - y'|)} over x on the left
 *       and y on the right (alpha = 1), each side at least {@code minRuns} long. It is kept when
 *       the t-test of the two sides gives p, times the segment's number of possible splits, under
 *       the weak threshold, and the two sides are split again.
 *   <li>Confirm: each candidate is tested again between its neighbouring candidates (the segment
 *       before it against the segment after it); the weakest one over {@code pValue}, or with a
 *       relative change of the mean under {@code minChange}, is dropped and the others are tested
 *       again, until every one left passes.
 * </ol>
 *
 * <p>A change needs {@code minRuns} runs on each side: a regression in the last run alone is the
 * gate's to catch, not the history's.
 *
 * @param pValue the largest p-value of a change point that is kept
 * @param minChange the smallest relative change of the mean kept, as a fraction (0.05 = 5%)
 * @param minRuns the fewest runs on each side of a change point
 */
public record ChangePoints(double pValue, double minChange, int minRuns) {
  private static final TTest STUDENT = TTest.withDefaults().with(DataDispersion.HOMOSCEDASTIC);

  /** The weak threshold of the split phase is this many times the real one (Hunter's idea). */
  static final double WEAK_FACTOR = 10;

  /** Defaults: p under 0.001 as Otava's default, any size of change, 3 runs on each side. */
  public static final ChangePoints DEFAULTS = new ChangePoints(0.001, 0, 3);

  public ChangePoints {
    if (!(pValue > 0 && pValue < 1)) {
      throw new IllegalArgumentException("the p-value threshold is between 0 and 1, was " + pValue);
    }
    if (!(minChange >= 0)) {
      throw new IllegalArgumentException("the smallest change is 0 or more, was " + minChange);
    }
    if (minRuns < 2) {
      throw new IllegalArgumentException(
          "a change point needs 2 runs or more on each side, was " + minRuns);
    }
  }

  /**
   * A shift of the series' level at {@code index}: the first run of the new level.
   *
   * @param before mean of the runs from the previous change point (or the start) to this one
   * @param after mean of the runs from this one to the next (or the end)
   * @param p the t-test's two-sided p-value of the two segments, times the number of splits their
   *     union offered (at most 1)
   */
  public record ChangePoint(int index, double before, double after, double p) {
    /**
     * The relative change of the mean, as a fraction of {@code before}; infinite from a level of 0
     * (errors appearing), 0 from 0 to 0.
     */
    public double change() {
      if (before == 0) {
        return after == 0 ? 0 : Math.signum(after) * Double.POSITIVE_INFINITY;
      }
      return (after - before) / Math.abs(before);
    }
  }

  /** The change points of {@code series}, in order. */
  public List<ChangePoint> detect(double[] series) {
    for (double v : series) {
      if (!Double.isFinite(v)) {
        throw new IllegalArgumentException("a series to search holds finite values only: " + v);
      }
    }
    Energy energy = new Energy(series);
    List<Integer> candidates = new ArrayList<>();
    split(series, energy, 0, series.length, candidates);
    candidates.sort(null);
    return confirm(series, candidates);
  }

  private void split(double[] x, Energy energy, int from, int to, List<Integer> out) {
    if (to - from < 2 * minRuns) {
      return;
    }
    int best = -1;
    double bestQ = Double.NEGATIVE_INFINITY;
    for (int tau = from + minRuns; tau <= to - minRuns; tau++) {
      double q = energy.q(from, tau, to);
      if (q > bestQ) {
        bestQ = q;
        best = tau;
      }
    }
    if (best < 0 || test(x, from, best, to) >= Math.min(0.5, pValue * WEAK_FACTOR)) {
      return;
    }
    out.add(best);
    split(x, energy, from, best, out);
    split(x, energy, best, to, out);
  }

  private List<ChangePoint> confirm(double[] x, List<Integer> candidates) {
    List<Integer> kept = new ArrayList<>(candidates);
    while (true) {
      List<ChangePoint> points = new ArrayList<>();
      int weakest = -1;
      double weakestP = -1;
      for (int k = 0; k < kept.size(); k++) {
        int from = k == 0 ? 0 : kept.get(k - 1);
        int at = kept.get(k);
        int to = k == kept.size() - 1 ? x.length : kept.get(k + 1);
        double p = test(x, from, at, to);
        ChangePoint point = new ChangePoint(at, mean(x, from, at), mean(x, at, to), p);
        boolean small = Math.abs(point.change()) < minChange;
        double rank = small ? 2 : p; // a change too small goes first, whatever its p
        if (rank > pValue && rank > weakestP) {
          weakest = k;
          weakestP = rank;
        }
        points.add(point);
      }
      if (weakest < 0) {
        return points;
      }
      kept.remove(weakest);
    }
  }

  /**
   * The t-test's p of x[from, at) against x[at, to), times the splits [from, to) offers: the split
   * was chosen as the best of them.
   */
  private double test(double[] x, int from, int at, int to) {
    int splits = Math.max(1, to - from - 2 * minRuns + 1);
    double[] left = Arrays.copyOfRange(x, from, at);
    double[] right = Arrays.copyOfRange(x, at, to);
    double p;
    if (Moments.of(left).variance() == 0 && Moments.of(right).variance() == 0) {
      p = WelchTest.of(left, right).p(); // its cases of no noise: 1 when equal, 0 when not
    } else {
      p = STUDENT.test(left, right).getPValue();
    }
    return Math.min(1, p * splits);
  }

  private static double mean(double[] x, int from, int to) {
    double sum = 0;
    for (int i = from; i < to; i++) {
      sum += x[i];
    }
    return sum / (to - from);
  }

  /**
   * Sums of distances |x_i - x_j| over index ranges, from a table of prefix sums, so the statistic
   * of any split of any segment costs O(1) after O(n^2) to build.
   */
  private static final class Energy {
    /** within[a][b]: the sum of |x_i - x_j| over a <= i < j < b. */
    private final double[][] within;

    Energy(double[] x) {
      int n = x.length;
      within = new double[n + 1][];
      for (int a = 0; a <= n; a++) {
        within[a] = new double[n + 1];
      }
      for (int b = 1; b <= n; b++) {
        // column: the sum of |x_i - x_(b-1)| over a <= i < b - 1, built from a = b - 1 down
        double column = 0;
        for (int a = b - 1; a >= 0; a--) {
          if (a < b - 1) {
            column += Math.abs(x[a] - x[b - 1]);
          }
          within[a][b] = within[a][b - 1] + column;
        }
      }
    }

    /** The energy statistic of the split of [from, to) at tau. */
    double q(int from, int tau, int to) {
      int n1 = tau - from;
      int n2 = to - tau;
      double left = within[from][tau];
      double right = within[tau][to];
      double between = within[from][to] - left - right;
      double e = 2 * between / ((double) n1 * n2) - mean(left, pairs(n1)) - mean(right, pairs(n2));
      return (double) n1 * n2 / (n1 + n2) * e;
    }

    private static double pairs(int n) {
      return n * (n - 1) / 2.0;
    }

    private static double mean(double sum, double count) {
      return count == 0 ? 0 : sum / count;
    }
  }
}
