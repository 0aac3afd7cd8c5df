package io.tunelab.core.studies;

import io.tunelab.core.stats.RatioInterval;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Rounds what a study summary stores: enough digits for every figure docs/studies.md shows, few
 * enough that a summary recorded again from another run diffs in the digits that changed.
 */
final class Rounding {
  private Rounding() {}

  /** A measured value: 6 significant digits. */
  static double values(double v) {
    return significant(v, 6);
  }

  /** A coefficient of variation (a fraction): 3 significant digits. */
  static double cv(double v) {
    return significant(v, 3);
  }

  /** A ratio of means: 4 decimals (0.01%). */
  static double ratio(double v) {
    return new BigDecimal(v).setScale(4, RoundingMode.HALF_EVEN).doubleValue();
  }

  static RatioInterval interval(RatioInterval ci) {
    return ci.bounded() ? new RatioInterval(true, ratio(ci.low()), ratio(ci.high())) : ci;
  }

  /** A number as a person writes it on a command line: no trailing zeros. */
  static String plain(double v) {
    return new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
  }

  /** A p-value: 3 significant digits. */
  static double p(double v) {
    return significant(v, 3);
  }

  private static double significant(double v, int digits) {
    if (v == 0 || Double.isNaN(v) || Double.isInfinite(v)) {
      return v;
    }
    return new BigDecimal(v).round(new MathContext(digits, RoundingMode.HALF_EVEN)).doubleValue();
  }
}
