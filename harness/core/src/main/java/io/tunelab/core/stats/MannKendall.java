package io.tunelab.core.stats;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * The Mann-Kendall test for a monotonic trend in a series taken one after the other (a step's
 * repetitions in the order they ran), with Sen's slope as its size. Rank-based, so one odd value
 * does not make a trend, and it needs no model of the noise: the test that hydrologists and the
 * benchmarking literature use to tell drift from noise in short series.
 *
 * <p>S = sum over i &lt; j of sign(x_j - x_i). Without ties its exact null distribution is that of
 * n(n-1)/2 - 2I, I the inversions of a random permutation (Mahonian numbers, counted here), so five
 * values can reach p = 0.017 and three never go below 0.33. With ties, the normal approximation
 * with the ties' variance correction and a continuity correction (Kendall 1975). Sen's slope is the
 * median of (x_j - x_i) / (j - i) over all pairs.
 *
 * @param n values tested
 * @param s Kendall's S: positive when later values tend to be larger
 * @param p two-sided p-value of "no trend"; 1 for fewer than 3 values
 * @param senSlope the median pairwise slope, in the values' unit per position
 * @param relativeChange Sen's slope times (n - 1) over the median value: how much the series moved
 *     from its first position to its last, as a fraction of its level (0.05 = +5%); NaN when the
 *     median is 0
 */
public record MannKendall(int n, int s, double p, double senSlope, double relativeChange) {
  /** Above this many values the exact distribution gives way to the normal approximation. */
  static final int EXACT_UP_TO = 50;

  /** Tests the series, oldest first; NaN values are left out. */
  public static MannKendall of(List<Double> series) {
    List<Double> x = series.stream().filter(v -> v != null && !Double.isNaN(v)).toList();
    int n = x.size();
    if (n < 2) {
      return new MannKendall(n, 0, 1, 0, 0);
    }
    int s = 0;
    List<Double> slopes = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        s += Integer.signum(Double.compare(x.get(j), x.get(i)));
        slopes.add((x.get(j) - x.get(i)) / (j - i));
      }
    }
    double slope = median(slopes);
    double level = median(new ArrayList<>(x));
    double relative = level == 0 ? Double.NaN : slope * (n - 1) / Math.abs(level);
    double p = n < 3 ? 1 : pValue(x, s);
    return new MannKendall(n, s, p, slope, relative);
  }

  /** Whether the trend is significant at {@code alpha}. */
  public boolean trend(double alpha) {
    return p < alpha;
  }

  private static double pValue(List<Double> x, int s) {
    int n = x.size();
    boolean ties = x.stream().distinct().count() < n;
    if (!ties && n <= EXACT_UP_TO) {
      return exact(n, s);
    }
    double variance = n * (n - 1.0) * (2 * n + 5);
    for (long t : tieSizes(x)) {
      variance -= t * (t - 1.0) * (2 * t + 5);
    }
    variance /= 18;
    if (variance <= 0) {
      return 1;
    }
    double z = (Math.abs(s) - 1) / Math.sqrt(variance);
    return Math.min(1, 2 * NormalDistribution.of(0, 1).survivalProbability(Math.max(0, z)));
  }

  /** P(|S| >= |s|) over the n! equally likely orders of n distinct values. */
  static double exact(int n, int s) {
    int pairs = n * (n - 1) / 2;
    // permutations of 1..m with k inversions, m growing to n
    double[] count = new double[pairs + 1];
    count[0] = 1;
    int max = 0;
    for (int m = 2; m <= n; m++) {
      double[] next = new double[pairs + 1];
      for (int k = 0; k <= max; k++) {
        if (count[k] == 0) {
          continue;
        }
        for (int add = 0; add < m; add++) {
          next[k + add] += count[k];
        }
      }
      max += m - 1;
      count = next;
    }
    double total = 0;
    double tail = 0;
    for (int k = 0; k <= pairs; k++) {
      total += count[k];
      int sk = pairs - 2 * k;
      if (Math.abs(sk) >= Math.abs(s)) {
        tail += count[k];
      }
    }
    return Math.min(1, tail / total);
  }

  private static List<Long> tieSizes(List<Double> x) {
    List<Double> sorted = new ArrayList<>(x);
    sorted.sort(null);
    List<Long> sizes = new ArrayList<>();
    long run = 1;
    for (int i = 1; i <= sorted.size(); i++) {
      if (i < sorted.size() && sorted.get(i).equals(sorted.get(i - 1))) {
        run++;
      } else {
        if (run > 1) {
          sizes.add(run);
        }
        run = 1;
      }
    }
    return sizes;
  }

  private static double median(List<Double> values) {
    values.sort(null);
    int m = values.size();
    return m % 2 == 1 ? values.get(m / 2) : (values.get(m / 2 - 1) + values.get(m / 2)) / 2;
  }
}
