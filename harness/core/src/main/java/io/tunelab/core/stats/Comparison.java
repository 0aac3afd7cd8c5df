package io.tunelab.core.stats;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * B against A on one metric: a test of the difference, a 95% interval of the ratio B/A, and a
 * verdict by the metric's direction, at alpha = 0.05 on the p-value adjusted for the family of
 * tests it was made with ({@link #holm}; a comparison alone is a family of one).
 *
 * <p>Each value is one repetition, the unit of replication (each is a fresh data set and a new
 * batch; the orders within one are not independent). Unpaired ({@link Design#UNPAIRED}): Welch's
 * test of the means and Fieller's interval of their ratio. Paired ({@link Design#PAIRED}): the
 * rounds' log ratios, a t test of their mean and its interval exponentiated. Either way a side's
 * (or the rounds') variance comes from both levels of the measurement when the repetitions' windows
 * carry batch means ({@link MultiLevel}). An effect within the noise is never ranked: the verdict
 * is then "no significant difference" with the minimum detectable effect, and fewer than two values
 * per side is "too few repetitions", with no test at all.
 *
 * @param direction which way the metric improves
 * @param nA values of A
 * @param nB values of B
 * @param meanA A's mean, in the metric's unit
 * @param meanB B's mean
 * @param sdA A's sample standard deviation; null for one value
 * @param sdB B's sample standard deviation; null for one value
 * @param ratio meanB / meanA (paired: the geometric mean of the rounds' B/A); null when meanA is 0
 * @param ratioCi95 the ratio's 95% interval (Fieller's, or the paired log interval); null with too
 *     few repetitions, or paired on values that are not all positive
 * @param df degrees of freedom of the test (Welch-Satterthwaite's, or the rounds'); null with too
 *     few repetitions
 * @param p the test's two-sided p-value; null with too few repetitions
 * @param pAdjusted Holm-adjusted p over the family (= p for a family of one); null as p
 * @param verdict what the numbers allow one to say
 * @param mde with "no significant difference" only: the smallest change of the mean, as a fraction
 *     of A's mean (0.1 = 10%), that this many repetitions with this spread would find with 80%
 *     power at alpha 0.05 two-sided; null otherwise and when A's mean is 0
 * @param design how the repetitions were paired; null in run.json before the paired design (then
 *     unpaired)
 * @param pooled whether a side's (or the rounds') window variance was pooled in; null when not
 *     tested and in older run.json
 * @param standardError the standard error of the tested quantity: of mean B - mean A (unpaired, in
 *     the metric's unit) or of the mean log ratio (paired); null when not tested and in older
 *     run.json
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
    Double mde,
    Design design,
    Boolean pooled,
    Double standardError) {
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

  /**
   * How the two sides were measured. {@code UNPAIRED}: two independent sets of repetitions, Welch's
   * test and Fieller's interval of the ratio of the means. {@code PAIRED}: repetitions measured in
   * rounds, one of each side per round on the same stack, compared round by round: the test is on
   * the rounds' log ratios ln(B/A), whose mean is the log of the geometric mean ratio and whose
   * interval, exponentiated, is the ratio's; what drifts slowly or comes in episodes longer than a
   * round falls on both sides of a round alike and cancels.
   */
  public enum Design {
    UNPAIRED,
    PAIRED
  }

  /** Compares B with A as a family of one (adjusted p = p), each value a repetition. */
  public static Comparison of(double[] a, double[] b, Direction direction) {
    return of(estimates(a), estimates(b), direction);
  }

  /**
   * Compares B's repetitions with A's, unpaired, each side's variance from both its levels ({@link
   * MultiLevel}), as a family of one.
   */
  public static Comparison of(List<Estimate> a, List<Estimate> b, Direction direction) {
    MultiLevel la = MultiLevel.of(a);
    MultiLevel lb = MultiLevel.of(b);
    Double ratio = la.mean() == 0 ? null : lb.mean() / la.mean();
    if (!la.testable() || !lb.testable()) {
      return tooFew(direction, la, lb, ratio, Design.UNPAIRED);
    }
    WelchTest welch = WelchTest.of(la, lb);
    RatioInterval ci = RatioInterval.fieller(la, lb, welch.df(), CONFIDENCE);
    double se = Math.sqrt(la.varianceOfMean() + lb.varianceOfMean());
    Double mde = la.mean() == 0 ? null : effectFactor(welch.df()) * se / Math.abs(la.mean());
    return new Comparison(
            direction,
            la.n(),
            lb.n(),
            la.mean(),
            lb.mean(),
            sd(la),
            sd(lb),
            ratio,
            ci,
            welch.df(),
            welch.p(),
            null,
            Verdict.NO_SIGNIFICANT_DIFFERENCE,
            mde,
            Design.UNPAIRED,
            la.pooled() || lb.pooled(),
            se)
        .adjusted(welch.p());
  }

  /**
   * Compares B with A round by round: {@code a.get(i)} and {@code b.get(i)} were measured in the
   * same round. The test is on ln(B/A) per round, its variance from both levels ({@link
   * MultiLevel}: a round's window variance is that of its two windows' log rates, by the delta
   * method); with a value at or below 0 (an error count) on the rounds' differences B - A instead,
   * with no interval of the ratio. A family of one.
   */
  public static Comparison paired(List<Estimate> a, List<Estimate> b, Direction direction) {
    if (a.size() != b.size()) {
      throw new IllegalArgumentException(
          "paired sides need one value each per round, had " + a.size() + " and " + b.size());
    }
    MultiLevel la = MultiLevel.of(a);
    MultiLevel lb = MultiLevel.of(b);
    boolean positive =
        a.stream().allMatch(e -> e.value() > 0) && b.stream().allMatch(e -> e.value() > 0);
    MultiLevel d = MultiLevel.of(positive ? logRatios(a, b) : differences(a, b));
    Double ratio = la.mean() == 0 ? null : lb.mean() / la.mean();
    if (positive) {
      ratio = Math.exp(d.mean());
    }
    if (!d.testable()) {
      return tooFew(direction, la, lb, ratio, Design.PAIRED);
    }
    double se = Math.sqrt(d.varianceOfMean());
    double p = tTest(d.mean(), se, d.df());
    RatioInterval ci = null;
    Double mde = null;
    if (positive) {
      double t = Quantiles.t(1 - (1 - CONFIDENCE) / 2, d.df());
      ci = new RatioInterval(true, Math.exp(d.mean() - t * se), Math.exp(d.mean() + t * se));
      mde = Math.expm1(effectFactor(d.df()) * se);
    } else if (la.mean() != 0) {
      mde = effectFactor(d.df()) * se / Math.abs(la.mean());
    }
    return new Comparison(
            direction,
            la.n(),
            lb.n(),
            la.mean(),
            lb.mean(),
            sd(la),
            sd(lb),
            ratio,
            ci,
            d.df(),
            p,
            null,
            Verdict.NO_SIGNIFICANT_DIFFERENCE,
            mde,
            Design.PAIRED,
            d.pooled(),
            se)
        .adjusted(p);
  }

  private static Comparison tooFew(
      Direction direction, MultiLevel la, MultiLevel lb, Double ratio, Design design) {
    return new Comparison(
        direction,
        la.n(),
        lb.n(),
        la.mean(),
        lb.mean(),
        sd(la),
        sd(lb),
        ratio,
        null,
        null,
        null,
        null,
        Verdict.TOO_FEW_REPETITIONS,
        null,
        design,
        null,
        null);
  }

  private static Double sd(MultiLevel level) {
    return level.n() < 2 ? null : Math.sqrt(level.between());
  }

  private static List<Estimate> estimates(double[] values) {
    List<Estimate> out = new ArrayList<>();
    for (double v : values) {
      out.add(Estimate.of(v));
    }
    return out;
  }

  /** ln(b_i / a_i), with the window variance of a log rate: var / value^2 (delta method). */
  private static List<Estimate> logRatios(List<Estimate> a, List<Estimate> b) {
    List<Estimate> out = new ArrayList<>();
    for (int i = 0; i < a.size(); i++) {
      Estimate ea = a.get(i);
      Estimate eb = b.get(i);
      double value = Math.log(eb.value() / ea.value());
      if (!ea.hasWithin() || !eb.hasWithin()) {
        out.add(Estimate.of(value));
        continue;
      }
      double va = ea.withinVariance() / (ea.value() * ea.value());
      double vb = eb.withinVariance() / (eb.value() * eb.value());
      out.add(withSum(value, va, ea.withinDf(), vb, eb.withinDf()));
    }
    return out;
  }

  private static List<Estimate> differences(List<Estimate> a, List<Estimate> b) {
    List<Estimate> out = new ArrayList<>();
    for (int i = 0; i < a.size(); i++) {
      Estimate ea = a.get(i);
      Estimate eb = b.get(i);
      double value = eb.value() - ea.value();
      out.add(
          ea.hasWithin() && eb.hasWithin()
              ? withSum(
                  value, ea.withinVariance(), ea.withinDf(), eb.withinVariance(), eb.withinDf())
              : Estimate.of(value));
    }
    return out;
  }

  /** A value whose window variance is va + vb, its df by Welch-Satterthwaite (rounded down). */
  private static Estimate withSum(double value, double va, int dfa, double vb, int dfb) {
    double v = va + vb;
    if (v == 0) {
      return new Estimate(value, 0.0, dfa + dfb);
    }
    double df = v * v / (va * va / dfa + vb * vb / dfb);
    return new Estimate(value, v, Math.max(1, (int) Math.floor(df)));
  }

  /** Two-sided p of a mean {@code mean} with standard error {@code se} being 0. */
  private static double tTest(double mean, double se, double df) {
    if (se == 0) {
      return mean == 0 ? 1 : 0;
    }
    double t = Math.abs(mean) / se;
    return Math.min(1, 2 * TDistribution.of(df).survivalProbability(t));
  }

  /** t(1 - alpha/2, df) + t(power, df): how many standard errors a detectable effect spans. */
  private static double effectFactor(double df) {
    return Quantiles.t(1 - ALPHA / 2, df) + Quantiles.t(POWER, df);
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
      boolean better =
          design == Design.PAIRED && ratio != null
              ? direction.better(1, ratio)
              : direction.better(meanA, meanB);
      v = better ? Verdict.BETTER : Verdict.WORSE;
    }
    Double effect = v == Verdict.NO_SIGNIFICANT_DIFFERENCE ? detectable() : null;
    return new Comparison(
        direction,
        nA,
        nB,
        meanA,
        meanB,
        sdA,
        sdB,
        ratio,
        ratioCi95,
        df,
        p,
        q,
        v,
        effect,
        design,
        pooled,
        standardError);
  }

  /** Whether the verdict ranks B against A. */
  public boolean significant() {
    return verdict == Verdict.BETTER || verdict == Verdict.WORSE;
  }

  /**
   * The minimum detectable effect these repetitions had, whatever the verdict (the adaptive
   * stopping rule asks it of every comparison): as {@link #mde}; null when not tested or A's mean
   * is 0.
   */
  public Double detectable() {
    if (standardError == null || df == null) {
      return mde;
    }
    if (design == Design.PAIRED && ratioCi95 != null) {
      return Math.expm1(effectFactor(df) * standardError);
    }
    return meanA == 0 ? null : effectFactor(df) * standardError / Math.abs(meanA);
  }
}
