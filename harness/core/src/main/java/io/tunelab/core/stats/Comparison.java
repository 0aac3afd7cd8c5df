package io.tunelab.core.stats;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;

/**
 * B against A on one metric: Welch's t-test of the means, Fieller's 95% interval of the ratio of
 * the means, and a verdict by the metric's direction, at alpha = 0.05 on the p-value adjusted for
 * the family of tests it was made with ({@link #holm}; a comparison alone is a family of one).
 *
 * <p>The samples hold one value per unit of replication: tunelab passes one per repetition (each
 * repetition is a fresh data set and a new batch; the orders within one are not independent), so n
 * is the repetitions. An effect within the noise is never ranked: the verdict is then "no
 * significant difference" with the minimum detectable effect, and fewer than two values per side is
 * "too few repetitions", with no test at all.
 *
 * @param direction which way the metric improves
 * @param nA values of A
 * @param nB values of B
 * @param meanA A's mean, in the metric's unit
 * @param meanB B's mean
 * @param sdA A's sample standard deviation; null for one value
 * @param sdB B's sample standard deviation; null for one value
 * @param ratio meanB / meanA; null when meanA is 0
 * @param ratioCi95 Fieller's 95% interval of the ratio; null with too few repetitions
 * @param df Welch-Satterthwaite degrees of freedom; null with too few repetitions
 * @param p Welch's two-sided p-value; null with too few repetitions
 * @param pAdjusted Holm-adjusted p over the family (= p for a family of one); null as p
 * @param verdict what the numbers allow one to say
 * @param mde with "no significant difference" only: the smallest change of the mean, as a fraction
 *     of A's mean (0.1 = 10%), that this many repetitions with this spread would find with 80%
 *     power at alpha 0.05 two-sided; null otherwise and when A's mean is 0
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Comparison(
    Direction direction,
    int nA,
    int nB,
    double meanA,
    double meanB,
    Double sdA,
    Double sdB,
    Double ratio,
    RatioInterval ratioCi95,
    Double df,
    Double p,
    Double pAdjusted,
    Verdict verdict,
    Double mde) {
  /** Significance level of every verdict, on the adjusted p. */
  public static final double ALPHA = 0.05;

  /** Power the minimum detectable effect is computed for. */
  public static final double POWER = 0.80;

  /** Confidence of the ratio's interval. */
  public static final double CONFIDENCE = 0.95;

  /** What a comparison allows one to say. */
  public enum Verdict {
    BETTER("better"),
    WORSE("worse"),
    NO_SIGNIFICANT_DIFFERENCE("no significant difference"),
    TOO_FEW_REPETITIONS("too few repetitions to tell (need 2 or more on each side)");

    private final String text;

    Verdict(String text) {
      this.text = text;
    }

    public String text() {
      return text;
    }
  }

  /** Compares B with A as a family of one (adjusted p = p). */
  public static Comparison of(double[] a, double[] b, Direction direction) {
    Moments ma = Moments.of(a);
    Moments mb = Moments.of(b);
    Double ratio = ma.mean() == 0 ? null : mb.mean() / ma.mean();
    Double sdA = ma.n() < 2 ? null : ma.stdDev();
    Double sdB = mb.n() < 2 ? null : mb.stdDev();
    if (ma.n() < 2 || mb.n() < 2) {
      return new Comparison(
          direction,
          ma.n(),
          mb.n(),
          ma.mean(),
          mb.mean(),
          sdA,
          sdB,
          ratio,
          null,
          null,
          null,
          null,
          Verdict.TOO_FEW_REPETITIONS,
          null);
    }
    WelchTest welch = WelchTest.of(ma, mb);
    RatioInterval ci = RatioInterval.fieller(ma, mb, welch.df(), CONFIDENCE);
    return new Comparison(
            direction,
            ma.n(),
            mb.n(),
            ma.mean(),
            mb.mean(),
            sdA,
            sdB,
            ratio,
            ci,
            welch.df(),
            welch.p(),
            null,
            Verdict.NO_SIGNIFICANT_DIFFERENCE,
            null)
        .adjusted(welch.p());
  }

  /**
   * The family with Holm's adjusted p-values and the verdicts they give. The family is the
   * comparisons that were tested: one with too few repetitions has no p and does not count in m.
   */
  public static List<Comparison> holm(List<Comparison> family) {
    List<Integer> tested = new ArrayList<>();
    for (int i = 0; i < family.size(); i++) {
      if (family.get(i).p() != null) {
        tested.add(i);
      }
    }
    double[] adjusted = Holm.adjust(tested.stream().mapToDouble(i -> family.get(i).p()).toArray());
    List<Comparison> out = new ArrayList<>(family);
    for (int k = 0; k < tested.size(); k++) {
      out.set(tested.get(k), family.get(tested.get(k)).adjusted(adjusted[k]));
    }
    return List.copyOf(out);
  }

  /** This comparison with {@code q} as its adjusted p, and the verdict and MDE that follow. */
  public Comparison adjusted(double q) {
    if (p == null) {
      throw new IllegalStateException("a comparison with too few repetitions has no p to adjust");
    }
    Verdict v = Verdict.NO_SIGNIFICANT_DIFFERENCE;
    if (q < ALPHA && meanA != meanB) {
      v = direction.better(meanA, meanB) ? Verdict.BETTER : Verdict.WORSE;
    }
    Double effect = v == Verdict.NO_SIGNIFICANT_DIFFERENCE ? minimumDetectableEffect() : null;
    return new Comparison(
        direction, nA, nB, meanA, meanB, sdA, sdB, ratio, ratioCi95, df, p, q, v, effect);
  }

  /** Whether the verdict ranks B against A. */
  public boolean significant() {
    return verdict == Verdict.BETTER || verdict == Verdict.WORSE;
  }

  /**
   * (t(1 - alpha/2, df) + t(power, df)) x SE / |mean A|, SE = sqrt(sA^2/nA + sB^2/nB): the shift of
   * the mean that a two-sided Welch test at alpha finds with the given power (the normal-theory
   * approximation with t quantiles at the observed df). Null when A's mean is 0.
   */
  private Double minimumDetectableEffect() {
    if (meanA == 0) {
      return null;
    }
    double se = Math.sqrt(sdA * sdA / nA + sdB * sdB / nB);
    double factor = Quantiles.t(1 - ALPHA / 2, df) + Quantiles.t(POWER, df);
    return factor * se / Math.abs(meanA);
  }
}
