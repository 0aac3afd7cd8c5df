package io.tunelab.run.plans.batchorder;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.measure.ArrivalAnalysis;
import io.tunelab.core.measure.ArrivalRate;
import io.tunelab.core.measure.ArrivalReport;
import io.tunelab.core.measure.JtlRecord;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.run.RunTiers;
import io.tunelab.run.plans.batchorder.drain.DrainAccounting;
import io.tunelab.tiers.broker.FlowQueue;
import io.tunelab.tiers.jmeter.LoadGenerator;
import io.tunelab.tiers.jmeter.LoadRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Sends a batch of orders with the load tier (the batch-order JMeter plan in its own JVM): on the
 * intake queue, or with fetcher intake ({@code middleware.intake=fetcher}) into {@code
 * order_inbox}; and reads back from its JTL which orders went out and when.
 */
final class OrderSender {
  static final String INTAKE_QUEUE = FlowQueue.INTAKE.queue();

  private final RunTiers tiers;
  private final LoadGenerator load;

  OrderSender(RunTiers tiers, LoadGenerator load) {
    this.tiers = tiers;
    this.load = load;
  }

  /**
   * A sent batch.
   *
   * @param plan what the load tier was asked to send
   * @param load its run: JTL, logs, exit status
   * @param sentAtMillis each order sent successfully and its send time, epoch milliseconds
   * @param lines each order's lines; empty when the JTL did not say
   */
  record Sent(
      BatchOrderPlan plan,
      LoadRun load,
      Map<String, Long> sentAtMillis,
      Map<String, Long> dueMillis,
      ArrivalReport arrivals,
      Map<String, Integer> lines,
      Set<String> failedSends) {
    int count() {
      return sentAtMillis.size();
    }
  }

  /**
   * Sends {@code orders} orders whose ids carry {@code tag} as fast as the publishers go, writing
   * the load run into {@code dir}.
   */
  Sent send(KnobSet knobs, int orders, String tag, Path dir) {
    return send(knobs, orders, tag, dir, ArrivalRate.UNPACED.perMinute(), false);
  }

  /**
   * Sends {@code orders} orders for backlog mode: with fetcher intake they are inserted HELD, for
   * an {@link InboxHold} to release; on the queue the broker holds them ({@link IntakeHold}).
   */
  Sent sendHeld(KnobSet knobs, int orders, String tag, Path dir) {
    return send(knobs, orders, tag, dir, ArrivalRate.UNPACED.perMinute(), true);
  }

  /**
   * Sends {@code orders} orders at {@code workload.arrivalsPerMinute} (rate mode): each order is
   * due at its place in an even schedule, and the JTL records when it was due.
   */
  Sent sendPaced(KnobSet knobs, int orders, String tag, Path dir) {
    return send(knobs, orders, tag, dir, BatchOrderWorkload.of(knobs).arrivalsPerMinute(), false);
  }

  /** Whether the orders go into {@code order_inbox} (fetcher intake) rather than on the queue. */
  static boolean toInbox(KnobSet knobs) {
    return BatchOrderWorkload.of(knobs).toInbox();
  }

  private Sent send(
      KnobSet knobs, int orders, String tag, Path dir, int arrivalsPerMinute, boolean held) {
    BatchOrderWorkload workload = BatchOrderWorkload.of(knobs);
    BatchOrderPlan queued =
        new BatchOrderPlan(
            tiers.endpoints().broker(),
            INTAKE_QUEUE,
            orders,
            workload.threads(),
            workload.seed(),
            workload.mix(),
            workload.customers(),
            workload.newCustomerPercent(),
            tag,
            workload.persistent(),
            arrivalsPerMinute);
    Endpoints endpoints = tiers.endpoints();
    BatchOrderPlan plan =
        workload.toInbox()
            ? queued.intoInbox(
                new BatchOrderPlan.Inbox(
                    endpoints.db(), endpoints.dbUser(), endpoints.dbPassword(), held))
            : queued;
    Duration timeout = Duration.ofSeconds(120 + orders / 10).plus(plan.scheduleDuration());
    LoadRun run;
    try {
      run = load.run(plan.loadPlan(), dir, timeout);
    } catch (IllegalStateException e) {
      throw tiers.loadFailed(e);
    }
    try {
      List<JtlRecord> records = run.records();
      return new Sent(
          plan,
          run,
          DrainAccounting.submitted(records),
          DrainAccounting.latencyOrigins(records),
          plan.arrivalRate().paced()
              ? ArrivalAnalysis.of(records, plan.arrivalRate(), plan.orders())
              : null,
          DrainAccounting.lines(records),
          DrainAccounting.failedSends(records));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the load run's JTL " + run.jtl(), e);
    }
  }
}
