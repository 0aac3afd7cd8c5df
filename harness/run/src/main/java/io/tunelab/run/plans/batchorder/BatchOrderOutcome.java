package io.tunelab.run.plans.batchorder;

import io.tunelab.core.findings.LoadTierAdvice;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.measure.ArrivalReport;
import io.tunelab.core.measure.Failures;
import io.tunelab.core.results.BatchOrderMeasures;
import io.tunelab.core.results.LatencyMillis;
import io.tunelab.core.results.MeasuredWindow;
import io.tunelab.core.results.Metrics;
import io.tunelab.core.results.OrderAccounting;
import io.tunelab.core.stats.BatchMeans;
import io.tunelab.core.stats.CompletionRates;
import io.tunelab.core.stats.WindowBatches;
import io.tunelab.run.PlanSteps;
import io.tunelab.run.Verdicts;
import io.tunelab.run.plans.batchorder.drain.Accounting;
import io.tunelab.run.plans.batchorder.drain.DrainMetrics;
import io.tunelab.run.plans.batchorder.drain.DrainResult;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * What a drained batch-order repetition means for run.json: its verdict, its metrics (throughput
 * over the drain's steady window), its accounting and how its window was made.
 *
 * <p>Valid when every order is accounted for exactly once, the drain finished, errors stay within
 * {@code workload.maxErrorPercent} and the backlog hold held ({@code MeasuredRepetition} adds the
 * verdicts every plan shares).
 */
final class BatchOrderOutcome {
  private BatchOrderOutcome() {}

  static PlanSteps.Measured of(KnobSet knobs, MeasuredDrain.Drained drained) {
    DrainResult drain = drained.drain();
    Accounting a = drain.accounting();
    int orders = drained.sent().plan().orders();
    int unsent = orders - a.submitted();
    int errors = a.faulted() + unsent;
    double errorPercent = 100.0 * errors / orders;
    double maxErrorPercent = BatchOrderWorkload.of(knobs).maxErrorPercent();
    StringBuilder verdict = new StringBuilder(a.message());
    boolean valid = a.valid() && drain.complete();
    drainVerdict(knobs, drain, verdict);
    if (unsent > 0) {
      verdict.append("; ").append(unsent).append(" orders failed to send (see the JTL)");
    }
    valid &= !Verdicts.tooManyErrors(verdict, errorPercent, maxErrorPercent);
    if (drained.held() != null && drained.held().deliveredWhileHeld() > 0) {
      valid = false;
      verdict
          .append("; INVALID: ")
          .append(drained.held().deliveredWhileHeld())
          .append(" orders reached a consumer while delivery was held: the backlog leaked");
    }
    shortWindow(knobs, drained, verdict);
    if (drained.beside() != null) {
      verdict.append(drained.beside().verdict());
      valid &= drained.beside().valid();
    }
    valid &=
        !Verdicts.crashMissed(
            verdict, knobs, drained.crash(), drained.drain().accounting().completed(), "orders");
    if (drained.sent().arrivals() != null) {
      verdict.append("; arrivals: ").append(drained.sent().arrivals());
      ArrivalReport arrivals = drained.sent().arrivals();
      if (arrivals.late() > 0.01 * arrivals.planned() || arrivals.achievedShare() < 0.98) {
        verdict.append(
            " (the load tier fell behind its schedule: latency counts from each order's due time,"
                + " so the lateness is in it; raise workload.threads to keep the rate)");
      }
    }
    DrainMetrics m = a.metrics();
    PlanSteps.Measured measured =
        new PlanSteps.Measured(
                valid,
                verdict.toString(),
                metrics(drained, errors),
                new BatchOrderMeasures(
                    new OrderAccounting(
                        a.submitted(),
                        a.completed(),
                        a.faulted(),
                        a.lost().size(),
                        a.duplicated().size(),
                        faultReasons(a),
                        sendFailures(drained),
                        a.unexpected().size(),
                        a.recovered().size()),
                    window(drained),
                    drained.beside() == null ? null : drained.beside().requests()),
                m.latencyHistogram(),
                drained.host().stealPercent(),
                m.completedOrders(),
                m.meanMillis())
            .withBatchMeans(BatchMeans.of(m.completionMillis()).orElse(null))
            .withWindowBatches(WindowBatches.of(m.completionMillis()).orElse(null));
    if (drained.beside() != null) {
      measured = measured.withFigure(besideUsers(drained.beside().users()));
    }
    return drained.crash().map(measured::withFigure).orElse(measured);
  }

  /**
   * What the harness-heavy finding says of the load tier when users query beside the drain: their
   * queries are its work, part of what the experiment asks for, so sending the orders earlier would
   * not lighten it.
   */
  static LoadTierAdvice besideUsers(int users) {
    return new LoadTierAdvice(
        String.format(
            Locale.ROOT,
            "the %d users querying beside the drain (workload.besideUsers) are the load tier's"
                + " work here, part of what the experiment asks for: sending the orders earlier"
                + " would not lighten it; fewer users leave the stack that CPU",
            users));
  }

  /** The faulted orders by the middleware's fault reason. */
  static Map<String, Long> faultReasons(Accounting a) {
    Map<String, Long> reasons = new TreeMap<>();
    a.faults().values().forEach(r -> reasons.merge(r.isBlank() ? "(no reason)" : r, 1L, Long::sum));
    return reasons;
  }

  /** The orders the load tier failed to send, by the JTL's error; empty when its JTL is gone. */
  private static Map<String, Long> sendFailures(MeasuredDrain.Drained drained) {
    Map<String, Long> failures = new TreeMap<>();
    try {
      Failures.of(drained.sent().load().records())
          .values()
          .forEach(errors -> errors.forEach((k, v) -> failures.merge(k, v, Long::sum)));
    } catch (IOException | RuntimeException e) {
      // the accounting stands without the breakdown
    }
    return failures;
  }

  private static void drainVerdict(KnobSet knobs, DrainResult drain, StringBuilder verdict) {
    if (drain.endedBy().isPresent()) {
      verdict.append("; the drain ended early: ").append(drain.endedBy().get());
    } else if (!drain.complete()) {
      verdict
          .append("; the drain stalled (no order settled for ")
          .append(BatchOrderWorkload.of(knobs).drainTimeout().toSeconds())
          .append(" s)");
    }
  }

  /** Says so when the steady window was shorter than {@code workload.minMeasuredSeconds}. */
  private static void shortWindow(KnobSet knobs, MeasuredDrain.Drained drained, StringBuilder v) {
    Double steady = window(drained).steadySeconds();
    int min = BatchOrderWorkload.of(knobs).minMeasuredSeconds();
    if (steady != null && steady < min) {
      v.append(
          String.format(
              Locale.ROOT,
              "; the steady window lasted %.1f s, under workload.minMeasuredSeconds %d: raise"
                  + " workload.orders",
              steady,
              min));
    }
  }

  /**
   * Throughput over the steady window (completions between the 10% and 90% quantiles), or the whole
   * drain's when too few orders completed for one; latency percentiles of every completed order.
   */
  private static Metrics metrics(MeasuredDrain.Drained drained, int errors) {
    DrainMetrics m = drained.drain().accounting().metrics();
    OptionalDouble steady = CompletionRates.steadyPerMinute(m.completionMillis());
    return Metrics.of(
        steady.orElse(m.ordersPerMinute()),
        new LatencyMillis(m.p50Millis(), m.p90Millis(), m.p99Millis(), m.maxMillis()),
        errors);
  }

  static MeasuredWindow window(MeasuredDrain.Drained drained) {
    DrainMetrics m = drained.drain().accounting().metrics();
    List<Long> times = m.completionMillis();
    long last = times.stream().mapToLong(Long::longValue).max().orElse(drained.startMillis());
    BacklogHold.Released held = drained.held();
    return new MeasuredWindow(
        drained.mode(),
        drained.sent().plan().orders(),
        held != null ? "release" : drained.sent().arrivals() != null ? "due" : "send",
        held == null ? null : held.queued(),
        held == null ? null : held.deliveredWhileHeld(),
        Math.max(0, last - drained.startMillis()) / 1000.0,
        steadySeconds(times),
        CompletionRates.wholePerMinute(times, drained.startMillis()),
        drained.sent().arrivals(),
        drained.host().stealPercent(),
        drained.host().middlewareCpuMillisPerOrder());
  }

  private static Double steadySeconds(List<Long> times) {
    OptionalDouble rate = CompletionRates.steadyPerMinute(times);
    if (rate.isEmpty()) {
      return null;
    }
    int n = times.size();
    int completions =
        (int) Math.ceil((1 - CompletionRates.TRIM) * n)
            - 1
            - (int) Math.floor(CompletionRates.TRIM * n);
    return completions * 60.0 / rate.getAsDouble();
  }
}
