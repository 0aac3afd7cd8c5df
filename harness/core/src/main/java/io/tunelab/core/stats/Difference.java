package io.tunelab.core.stats;

/**
 * Whether two measurements differ by more than their noise.
 *
 * <p>The rule: B differs from A only when (1) both have at least two repetitions, (2) their 95%
 * confidence intervals of the mean do not overlap, and (3) the medians differ by more than the
 * larger of the two coefficients of variation, relative to A's median. Otherwise the verdict is "no
 * significant difference": an effect within the noise is not a ranking.
 *
 * @param ratio B's median / A's median (NaN when A's is 0)
 * @param verdict what the numbers allow one to say
 */
public record Difference(double ratio, Verdict verdict) {
  /** What a comparison allows one to say. */
  public enum Verdict {
    HIGHER("higher"),
    LOWER("lower"),
    NO_SIGNIFICANT_DIFFERENCE("no significant difference"),
    TOO_FEW_REPETITIONS("too few repetitions to tell (need 2 or more)");

    private final String text;

    Verdict(String text) {
      this.text = text;
    }

    public String text() {
      return text;
    }
  }

  /** Compares B with A. */
  public static Difference between(Summary a, Summary b) {
    double ratio = a.median() == 0 ? Double.NaN : b.median() / a.median();
    if (!a.hasInterval() || !b.hasInterval()) {
      return new Difference(ratio, Verdict.TOO_FEW_REPETITIONS);
    }
    boolean overlap = a.ciLow() <= b.ciHigh() && b.ciLow() <= a.ciHigh();
    double noise = Math.max(nanToZero(a.cv()), nanToZero(b.cv()));
    boolean beyondNoise =
        a.median() != 0 && Math.abs(b.median() - a.median()) / Math.abs(a.median()) > noise;
    if (overlap || !beyondNoise) {
      return new Difference(ratio, Verdict.NO_SIGNIFICANT_DIFFERENCE);
    }
    return new Difference(ratio, b.median() > a.median() ? Verdict.HIGHER : Verdict.LOWER);
  }

  public boolean significant() {
    return verdict == Verdict.HIGHER || verdict == Verdict.LOWER;
  }

  private static double nanToZero(double value) {
    return Double.isNaN(value) ? 0 : value;
  }
}
