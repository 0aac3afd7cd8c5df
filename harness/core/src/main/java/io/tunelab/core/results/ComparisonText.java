package io.tunelab.core.results;

import io.tunelab.core.stats.Comparison;
import io.tunelab.core.stats.RatioInterval;
import java.util.Locale;

/** How a {@link Comparison} reads in text: the CLI's table and summary.md. */
public final class ComparisonText {
  private ComparisonText() {}

  /** B/A to 3 decimals, or "-" when A's mean is 0. */
  public static String ratio(Comparison c) {
    return c.ratio() == null ? "-" : String.format(Locale.ROOT, "%.3f", c.ratio());
  }

  /** "[low, high]", "unbounded" (A's mean not distinguishable from 0), or "-" (not tested). */
  public static String interval(Comparison c) {
    RatioInterval ci = c.ratioCi95();
    if (ci == null) {
      return "-";
    }
    return ci.bounded()
        ? String.format(Locale.ROOT, "[%.3f, %.3f]", ci.low(), ci.high())
        : "unbounded";
  }

  /** A p-value to 4 decimals ("<0.0001" below), or "-" when not tested. */
  public static String p(Double p) {
    if (p == null) {
      return "-";
    }
    return p < 0.0001 ? "<0.0001" : String.format(Locale.ROOT, "%.4f", p);
  }

  /** The verdict, with the minimum detectable effect when there is no significant difference. */
  public static String verdict(Comparison c) {
    return c.verdict().text()
        + (c.mde() == null ? "" : String.format(Locale.ROOT, " (MDE %.1f%%)", 100 * c.mde()));
  }

  /** One phrase for a summary: "1.050 [1.020, 1.081] better (p Holm 0.0108)". */
  public static String brief(Comparison c) {
    if (c.p() == null) {
      return ratio(c) + ", " + c.verdict().text();
    }
    return ratio(c) + " " + interval(c) + " " + verdict(c) + " (p Holm " + p(c.pAdjusted()) + ")";
  }
}
