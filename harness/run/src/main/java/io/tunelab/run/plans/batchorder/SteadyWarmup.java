package io.tunelab.run;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.WorkloadKnobs;
import io.tunelab.core.measure.Accounting;
import io.tunelab.core.results.SteadyStateReport;
import io.tunelab.core.results.Warmup;
import io.tunelab.core.stats.CompletionRates;
import io.tunelab.core.stats.SteadyState;
import io.tunelab.core.stats.WarmupRule;
import io.tunelab.run.drain.DrainResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntSupplier;

/**
 * The warm-up of a batch-order step, until its throughput is steady rather than for a fixed count:
 * the JIT of a freshly started middleware on 2 cores takes a few thousand orders (its CPU per order
 * falls five-fold), and a fixed count either measures warm-up or wastes time.
 *
 * <p>The warm-up runs batches exactly like the measured ones, in backlog mode: the data prepared
 * (purged) before each, the batch enqueued with delivery held, released and drained, its throughput
 * taken over its steady window. Judging whole batches from the same starting tables, rather than
 * the rate inside one long drain, keeps the tables' growth during a drain from looking like a
 * change of the middleware. The {@link SteadyState} rule judges the batches' throughputs after
 * each; once steady (and at least {@code workload.warmupOrders} settled) the warm-up ends. It ends
 * without a steady state at {@code workload.warmupMaxSeconds} or {@code workload.warmupMaxOrders},
 * when a drain stalls or when the middleware dies.
 */
final class SteadyWarmup {
  static final String STEADY = "steady";

  private final RunTiers tiers;
  private final MeasuredDrain drains;
  private final Progress progress;

  SteadyWarmup(RunTiers tiers, MeasuredDrain drains, Progress progress) {
    this.tiers = tiers;
    this.drains = drains;
    this.progress = progress;
  }

  /**
   * Warms the middleware up.
   *
   * @param tag starts the warm-up's order ids
   * @param prepare brings the data to its starting state before each batch
   * @param batchOrders the size of the next batch: the measured batch's
   * @param rates told each batch's throughput, so the next size can follow it
   */
  Warmup run(
      KnobSet knobs,
      Progress.Position at,
      String tag,
      Path dir,
      Runnable prepare,
      IntSupplier batchOrders,
      java.util.function.DoubleConsumer rates)
      throws InterruptedException {
    boolean fullSpeed = knobs.get(WorkloadKnobs.WARMUP_FULL_SPEED);
    if (fullSpeed) {
      tiers.mocksAtFullSpeed();
    }
    try {
      return batches(knobs, at, tag, dir, prepare, batchOrders, rates);
    } finally {
      if (fullSpeed) {
        tiers.mocksAsKnobs(knobs);
      }
    }
  }

  private Warmup batches(
      KnobSet knobs,
      Progress.Position at,
      String tag,
      Path dir,
      Runnable prepare,
      IntSupplier batchOrders,
      java.util.function.DoubleConsumer rates)
      throws InterruptedException {
    long started = System.currentTimeMillis();
    WarmupRule rule = rule(knobs);
    List<WarmupRule.Batch> batches = new ArrayList<>();
    int sent = 0;
    int settled = 0;
    String endedBy = null;
    for (int batch = 1; endedBy == null; batch++) {
      prepare.run();
      int orders = Math.max(1, Math.min(batchOrders.getAsInt(), cap(knobs) - sent));
      progress.phase(at, "warm-up batch " + batch + " (" + orders + " orders, not measured)");
      MeasuredDrain.Drained drained =
          drains.backlog(
              knobs, at, orders, tag + "b" + batch, dir.resolve("batch-" + batch), () -> {});
      Accounting a = drained.drain().accounting();
      sent += a.submitted();
      settled += a.completed() + a.faulted();
      WarmupRule.Batch judged =
          new WarmupRule.Batch(
              CompletionRates.steadyPerMinute(a.metrics().completionMillis())
                  .orElse(a.metrics().ordersPerMinute()),
              drained.host().costPerOrder(),
              drained.host().stealPercent(),
              drained.host().machineBusyPercent());
      batches.add(judged);
      rates.accept(judged.throughputPerMinute());
      progress.report(
          new RunEvent.WarmupRound(
              at, "batch", batch, "orders/min", judged, rule.disturbed(judged)));
      endedBy = ending(knobs, rule.judge(batches), drained.drain(), settled, sent, started);
    }
    SteadyStateReport report =
        report(knobs, batches, endedBy, sent, started, "batches", "the throughput", "order");
    progress.report(
        new RunEvent.WarmupEnded(
            at,
            report,
            report.batchRatesPerMinute().size(),
            "batches",
            report.orders(),
            "orders",
            "orders/min"));
    return Warmup.untilSteady(sent, settled, report.millis(), report);
  }

  /** Why the warm-up ends after this batch, or null when it goes on. */
  private String ending(
      KnobSet knobs,
      WarmupRule.Verdict verdict,
      DrainResult drain,
      int settled,
      int sent,
      long started) {
    if (verdict.steady() && settled >= knobs.get(WorkloadKnobs.WARMUP_ORDERS)) {
      return STEADY;
    }
    if (drain.endedBy().isPresent()) {
      return "the middleware went away: " + drain.endedBy().get();
    }
    if (!drain.complete()) {
      return "a warm-up batch's drain stalled (workload.drainTimeoutSeconds)";
    }
    if (System.currentTimeMillis() - started
        >= 1000L * knobs.get(WorkloadKnobs.WARMUP_MAX_SECONDS)) {
      return "the time cap workload.warmupMaxSeconds ("
          + knobs.get(WorkloadKnobs.WARMUP_MAX_SECONDS)
          + " s) was reached"
          + stillCompiling(knobs, verdict);
    }
    if (sent >= cap(knobs)) {
      return "workload.warmupMaxOrders (" + cap(knobs) + ") orders were sent";
    }
    return null;
  }

  /**
   * ", the middleware's JIT still at 31% of its CPU (workload.warmupMaxJitPercent 10%)" when the
   * JIT held the warm-up back; "" otherwise.
   */
  static String stillCompiling(KnobSet knobs, WarmupRule.Verdict verdict) {
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

  private static int cap(KnobSet knobs) {
    return Math.max(
        knobs.get(WorkloadKnobs.WARMUP_ORDERS), knobs.get(WorkloadKnobs.WARMUP_MAX_ORDERS));
  }

  static WarmupRule rule(KnobSet knobs) {
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
  static SteadyStateReport report(
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
                + " differs from the %d before them by more",
            rule.batches(),
            parts,
            WorkloadKnobs.MAX_STEAL_PERCENT.format(rule.maxStealPercent()),
            judged,
            WorkloadKnobs.STEADY_TOLERANCE.format(knobs.get(WorkloadKnobs.STEADY_TOLERANCE)),
            WarmupRule.CPU_BOUND_PERCENT,
            unit,
            unit,
            rule.batches());
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

  static Double percent(double fraction) {
    return Double.isNaN(fraction) ? null : 100 * fraction;
  }
}
