package io.tunelab.core.stats;

import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Holm's step-down correction for a family of tests made at once (a matrix's steps against the
 * baseline, every row of a comparison): the chance of calling at least one difference significant
 * when none is stays at alpha, whatever the tests' dependence, and it rejects at least as much as
 * Bonferroni.
 *
 * <p>Sort the m p-values ascending, p(1) <= ... <= p(m); the adjusted p(i) is max over j <= i of
 * min(1, (m - j + 1) p(j)). A test is significant at alpha when its adjusted p is below alpha.
 */
public final class Holm {
  private Holm() {}

  /** The adjusted p-values, in the order given: monotone in p, each at least its p, at most 1. */
  public static double[] adjust(double[] p) {
    for (double value : p) {
      if (!(value >= 0 && value <= 1)) {
        throw new IllegalArgumentException("a p-value must be in 0..1, was " + value);
      }
    }
    int m = p.length;
    Integer[] ascending =
        IntStream.range(0, m)
            .boxed()
            .sorted(Comparator.comparingDouble(i -> p[i]))
            .toArray(Integer[]::new);
    double[] adjusted = new double[m];
    double running = 0;
    for (int rank = 0; rank < m; rank++) {
      int i = ascending[rank];
      running = Math.max(running, Math.min(1, (m - rank) * p[i]));
      adjusted[i] = running;
    }
    return adjusted;
  }
}
