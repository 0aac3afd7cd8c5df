package io.tunelab.run;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.WorkloadKnobs;
import io.tunelab.core.results.SteadyStateReport;
import io.tunelab.core.stats.SteadyState;
import io.tunelab.core.stats.WarmupRule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The rule every plan's warm-up is judged by ({@link WarmupRule} from the workload knobs) and the
 * report it leaves in run.json, whether the plan warms up in drained batches (batch-order) or in
 * load rounds ({@link RoundWarmup}).
 */
public final class WarmupReports {
  /** How a warm-up that met its rule ended. */
  public static final String STEADY = "steady";

  private WarmupReports() {}

  /**
   * ", the middleware's JIT still at 31% of its CPU (workload.warmupMaxJitPercent 10%)" when the
   * JIT held the warm-up back; "" otherwise.
   */
  public static String stillCompiling(KnobSet knobs, WarmupRule.Verdict verdict) {
    double limit = knobs.get(WorkloadKnobs.WARMUP_MAX_JIT_PERCENT);
    if (limit >= 100) {
      return "";
    }
    List<String> tiers = verdict.compiling(limit);
    if (tiers.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder();
    for (String tier : tiers) {
      out.append(out.length() == 0 ? ", " : " and ")
          .append(
              String.format(
                  Locale.ROOT,
                  "the %s's JIT still at %.0f%% of its CPU",
                  tier,
                  verdict.jitPercent().get(tier)));
    }
    return out.append(" (")
        .append(WorkloadKnobs.WARMUP_MAX_JIT_PERCENT.name())
        .append(' ')
        .append(WorkloadKnobs.WARMUP_MAX_JIT_PERCENT.format(limit))
        .append("%)")
        .toString();
  }

  public static WarmupRule rule(KnobSet knobs) {
    return new WarmupRule(
        knobs.get(WorkloadKnobs.STEADY_BATCHES),
        knobs.get(WorkloadKnobs.STEADY_TOLERANCE) / 100,
        knobs.get(WorkloadKnobs.MAX_STEAL_PERCENT),
        knobs.get(WorkloadKnobs.WARMUP_MAX_JIT_PERCENT));
  }

  /**
   * The report of a warm-up in batches or rounds.
   *
   * @param parts what the warm-up's parts are called: batches, rounds
   * @param judged what their throughput figure is, in words
   * @param unit what the CPU is counted per: order, request, message
   */
  public static SteadyStateReport report(
      KnobSet knobs,
      List<WarmupRule.Batch> batches,
      String endedBy,
      int units,
      long started,
      String parts,
      String judged,
      String unit) {
    WarmupRule rule = rule(knobs);
    WarmupRule.Verdict verdict = rule.judge(batches);
    SteadyState.Verdict throughput = verdict.throughput();
    boolean reached = STEADY.equals(endedBy);
    String text =
        String.format(
            Locale.ROOT,
            "steady when, over the last %d warm-up %s with at most %s%% steal, %s varies (CV)"
                + " and trends by at most %s%% and, on a machine at least %.0f%% busy, what the"
                + " whole stack spends per %s (the middleware's CPU per %s, the database's and"
                + " the broker's, the WAL and the statements) neither trends along them nor"
                + " differs from the %d before them by more (a cost noisier than that from batch"
                + " to batch: by more than %.0f standard errors of its own noise; a tier spending"
                + " under that share of the stack's CPU per %s is not judged)",
            rule.batches(),
            parts,
            WorkloadKnobs.MAX_STEAL_PERCENT.format(rule.maxStealPercent()),
            judged,
            WorkloadKnobs.STEADY_TOLERANCE.format(knobs.get(WorkloadKnobs.STEADY_TOLERANCE)),
            WarmupRule.CPU_BOUND_PERCENT,
            unit,
            unit,
            rule.batches(),
            WarmupRule.NOISE_Z,
            unit);
    if (rule.maxJitPercent() < 100) {
      text +=
          String.format(
              Locale.ROOT,
              ", and at any pace the JIT compiler threads of the middleware and the broker took at"
                  + " most %s%% of their JVM's CPU",
              WorkloadKnobs.WARMUP_MAX_JIT_PERCENT.format(rule.maxJitPercent()));
    }
    return new SteadyStateReport(
        reached,
        text,
        batches.stream().map(WarmupRule.Batch::throughputPerMinute).toList(),
        batches.stream().map(WarmupRule.Batch::cpuMillisPerOrder).toList(),
        batches.stream().map(WarmupRule.Batch::stealPercent).toList(),
        verdict.disturbed(),
        reached ? throughput.level() : null,
        percent(throughput.cv()),
        percent(throughput.trend()),
        verdict.cpu() == null ? null : percent(verdict.cpu().trend()),
        verdict.cpuFall() == null ? null : percent(verdict.cpuFall()),
        throughput.shape().name(),
        units,
        System.currentTimeMillis() - started,
        endedBy,
        costSeries(batches),
        verdict.costChange().isEmpty() ? null : percents(verdict.costChange()));
  }

  /** Each cost series over the batches, null where a batch has no figure. */
  private static Map<String, List<Double>> costSeries(List<WarmupRule.Batch> batches) {
    Map<String, List<Double>> series = new LinkedHashMap<>();
    batches.forEach(b -> b.costPerUnit().keySet().forEach(k -> series.put(k, new ArrayList<>())));
    for (WarmupRule.Batch b : batches) {
      series.forEach((k, values) -> values.add(b.costPerUnit().get(k)));
    }
    return series.isEmpty() ? null : series;
  }

  private static Map<String, Double> percents(Map<String, Double> fractions) {
    Map<String, Double> out = new LinkedHashMap<>();
    fractions.forEach((k, v) -> out.put(k, 100 * v));
    return out;
  }

  public static Double percent(double fraction) {
    return Double.isNaN(fraction) ? null : 100 * fraction;
  }
}
