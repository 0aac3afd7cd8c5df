package io.tunelab.core.tune;

import io.tunelab.core.results.ComparisonText;
import io.tunelab.core.stats.Comparison;
import io.tunelab.core.stats.RatioInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whether a tried change is kept, as the studies kept a step: only when the goal improved
 * significantly and nothing it must not cost got significantly worse. A goal within noise is not
 * kept (a tuner keeps proven steps only, so a configuration "best" by chance does not pile up), and
 * the reason says the smallest change that trial could have found. Guards (errors, p99, heap) are
 * read each as a family of one, so a guard worse at p < 0.05 alone rejects the change: what
 * protects is not watered down by how many guards there are. Accounting that failed (an order lost
 * or duplicated) rejects whatever the statistics say.
 *
 * @param keep whether the change is kept
 * @param reason one line: the goal's ratio with its interval and p, or what rejected it
 * @param ratio the goal's ratio, the change over what was kept; null when it was not compared
 */
public record TrialVerdict(boolean keep, String reason, Double ratio) {
  /** A verdict without a goal's ratio: what rejected the change before the comparison. */
  public TrialVerdict(boolean keep, String reason) {
    this(keep, reason, null);
  }

  /**
   * @param goal the goal's name, e.g. {@code throughput}
   * @param change the goal's comparison, the change (B) against what was kept (A), in its family
   * @param guards each guard's comparison, by name, made alone
   * @param accountingFailures what the trial's accounting found wrong, e.g. {@code 3 orders lost};
   *     empty when every unit was accounted for
   */
  public static TrialVerdict of(
      String goal,
      Comparison change,
      Map<String, Comparison> guards,
      List<String> accountingFailures) {
    return of(goal, change, guards, List.of(), accountingFailures);
  }

  /**
   * @param goal the goal's name, e.g. {@code throughput}
   * @param change the goal's comparison, the change (B) against what was kept (A), in its family
   * @param guards each guard's comparison, by name, made alone
   * @param otherWorse what else the change made worse that is not a comparison, e.g. {@code heap:
   *     middleware under GC pressure in 3 of 3 repetitions (0 of 3 before)}; each rejects it
   * @param accountingFailures what the trial's accounting found wrong, e.g. {@code 3 orders lost};
   *     empty when every unit was accounted for
   */
  public static TrialVerdict of(
      String goal,
      Comparison change,
      Map<String, Comparison> guards,
      List<String> otherWorse,
      List<String> accountingFailures) {
    if (!accountingFailures.isEmpty()) {
      return new TrialVerdict(false, "not kept: " + String.join(", ", accountingFailures));
    }
    List<String> worse = new ArrayList<>();
    guards.forEach(
        (name, guard) -> {
          if (guard.verdict() == Comparison.Verdict.WORSE) {
            worse.add(name + " worse " + effect(guard));
          }
        });
    worse.addAll(otherWorse);
    String measured = goal + " " + effect(change);
    Double ratio = change.ratio();
    return switch (change.verdict()) {
      case BETTER ->
          worse.isEmpty()
              ? new TrialVerdict(true, "kept: " + measured, ratio)
              : new TrialVerdict(
                  false, "not kept: " + measured + ", but " + String.join(", ", worse), ratio);
      case WORSE -> new TrialVerdict(false, "not kept: " + measured + ", worse", ratio);
      case NO_SIGNIFICANT_DIFFERENCE ->
          new TrialVerdict(
              false,
              "not kept: "
                  + measured
                  + ", within noise"
                  + (change.mde() == null
                      ? ""
                      : String.format(Locale.ROOT, " (MDE %.1f%%)", 100 * change.mde())),
              ratio);
      case TOO_FEW_REPETITIONS ->
          new TrialVerdict(false, "not kept: " + goal + " had too few repetitions to tell", ratio);
    };
  }

  /** The ratio with its interval and adjusted p, e.g. {@code 1.23x [1.10, 1.38], p 0.002}. */
  private static String effect(Comparison comparison) {
    StringBuilder text = new StringBuilder();
    text.append(
        comparison.ratio() == null
            ? "ratio unknown"
            : String.format(Locale.ROOT, "%.3fx", comparison.ratio()));
    RatioInterval ci = comparison.ratioCi95();
    if (ci != null && ci.bounded()) {
      text.append(String.format(Locale.ROOT, " [%.3f, %.3f]", ci.low(), ci.high()));
    }
    if (comparison.pAdjusted() != null) {
      text.append(", p ").append(ComparisonText.p(comparison.pAdjusted()));
    }
    return text.toString();
  }
}
