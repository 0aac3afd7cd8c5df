package io.tunelab.run.plans.batchorder;

import io.tunelab.core.knobs.DataKnobs;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.MiddlewareKnobs;
import io.tunelab.core.knobs.WorkloadKnobs;
import java.time.Duration;

/**
 * The batch-order plan's workload, read from a step's knobs once, typed: how its orders are made
 * and sent, how the warm-up before them ends, and how the drain after them is judged.
 *
 * @param mode how the batch is sent: held then released (backlog), as fast as the publishers go
 *     (stream) or at a rate
 * @param arrivalsPerMinute the rate of {@code workload.mode=rate}
 * @param threads the publishers
 * @param seed the seed of the orders' customers and sizes
 * @param mix the weights of small, medium and large orders
 * @param customers the seeded customers the orders are for
 * @param newCustomerPercent the share of orders for a customer the CRM does not know yet
 * @param persistent whether the orders are sent as persistent messages
 * @param toInbox whether the orders go into {@code order_inbox} for the fetcher intake rather than
 *     on the intake queue
 * @param warmupOrders the orders a warm-up settles at the least; 0: no warm-up
 * @param warmupMaxOrders the orders a warm-up may send at the most
 * @param warmupMaxSeconds the warm-up's time cap
 * @param warmupFullSpeed whether the warm-up runs with the back-ends answering at once
 * @param drainTimeout how long a drain may go without an order settled
 * @param minMeasuredSeconds the steady window under which the verdict says so
 * @param maxErrorPercent the errors over which the repetition is invalid
 */
record BatchOrderWorkload(
    WorkloadKnobs.Mode mode,
    int arrivalsPerMinute,
    int threads,
    int seed,
    SizeMix mix,
    int customers,
    int newCustomerPercent,
    boolean persistent,
    boolean toInbox,
    int warmupOrders,
    int warmupMaxOrders,
    int warmupMaxSeconds,
    boolean warmupFullSpeed,
    Duration drainTimeout,
    int minMeasuredSeconds,
    double maxErrorPercent) {

  static BatchOrderWorkload of(KnobSet knobs) {
    return new BatchOrderWorkload(
        knobs.get(WorkloadKnobs.MODE),
        knobs.get(WorkloadKnobs.ARRIVALS_PER_MINUTE),
        knobs.get(WorkloadKnobs.THREADS),
        knobs.get(WorkloadKnobs.SEED),
        SizeMix.parse(knobs.get(WorkloadKnobs.MIX)),
        knobs.get(DataKnobs.SEED_CUSTOMERS),
        knobs.get(WorkloadKnobs.NEW_CUSTOMER_PERCENT),
        knobs.get(WorkloadKnobs.PERSISTENT),
        knobs.get(MiddlewareKnobs.INTAKE) == MiddlewareKnobs.Intake.FETCHER,
        knobs.get(WorkloadKnobs.WARMUP_ORDERS),
        knobs.get(WorkloadKnobs.WARMUP_MAX_ORDERS),
        knobs.get(WorkloadKnobs.WARMUP_MAX_SECONDS),
        knobs.get(WorkloadKnobs.WARMUP_FULL_SPEED),
        Duration.ofSeconds(knobs.get(WorkloadKnobs.DRAIN_TIMEOUT)),
        knobs.get(WorkloadKnobs.MIN_MEASURED_SECONDS),
        knobs.get(WorkloadKnobs.MAX_ERROR_PERCENT));
  }

  /** The orders a warm-up may send at the most: its cap, never under what it must settle. */
  int warmupCap() {
    return Math.max(warmupOrders, warmupMaxOrders);
  }
}
