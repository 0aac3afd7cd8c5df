package io.tunelab.run.plans.batchorder;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.results.SteadyStateReport;
import io.tunelab.core.results.Warmup;
import io.tunelab.core.stats.CompletionRates;
import io.tunelab.core.stats.SteadyState;
import io.tunelab.core.stats.WarmupRule;
import io.tunelab.run.Progress;
import io.tunelab.run.RunEvent;
import io.tunelab.run.RunTiers;
import io.tunelab.run.WarmupReports;
import io.tunelab.run.plans.batchorder.drain.Accounting;
import io.tunelab.run.plans.batchorder.drain.DrainResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
    boolean fullSpeed = BatchOrderWorkload.of(knobs).warmupFullSpeed();
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
    BatchOrderWorkload workload = BatchOrderWorkload.of(knobs);
    WarmupRule rule = WarmupReports.rule(knobs);
    List<WarmupRule.Batch> batches = new ArrayList<>();
    int sent = 0;
    int settled = 0;
    String endedBy = null;
    for (int batch = 1; endedBy == null; batch++) {
      prepare.run();
      int orders = Math.max(1, Math.min(batchOrders.getAsInt(), workload.warmupCap() - sent));
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
      endedBy =
          ending(knobs, workload, rule.judge(batches), drained.drain(), settled, sent, started);
    }
    SteadyStateReport report =
        WarmupReports.report(
            knobs, batches, endedBy, sent, started, "batches", "the throughput", "order");
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
      BatchOrderWorkload workload,
      WarmupRule.Verdict verdict,
      DrainResult drain,
      int settled,
      int sent,
      long started) {
    if (verdict.steady() && settled >= workload.warmupOrders()) {
      return WarmupReports.STEADY;
    }
    if (drain.endedBy().isPresent()) {
      return "the middleware went away: " + drain.endedBy().get();
    }
    if (!drain.complete()) {
      return "a warm-up batch's drain stalled (workload.drainTimeoutSeconds)";
    }
    if (System.currentTimeMillis() - started >= 1000L * workload.warmupMaxSeconds()) {
      return "the time cap workload.warmupMaxSeconds ("
          + workload.warmupMaxSeconds()
          + " s) was reached"
          + WarmupReports.stillCompiling(knobs, verdict);
    }
    if (sent >= workload.warmupCap()) {
      return "workload.warmupMaxOrders (" + workload.warmupCap() + ") orders were sent";
    }
    return null;
  }
}
