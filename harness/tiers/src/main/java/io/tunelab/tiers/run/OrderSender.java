package io.tunelab.tiers.run;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.Knobs;
import io.tunelab.tiers.load.BatchOrderPlan;
import io.tunelab.tiers.load.DrainAccounting;
import io.tunelab.tiers.load.JmeterRunner;
import io.tunelab.tiers.load.LoadRun;
import io.tunelab.tiers.load.SizeMix;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * Sends a batch of orders with the load tier (the batch-order JMeter plan in its own JVM) and reads
 * back from its JTL which orders went out and when.
 */
final class OrderSender {
  static final String INTAKE_QUEUE = "tunelab.intake";

  private final RunTiers tiers;
  private final JmeterRunner load;

  OrderSender(RunTiers tiers, JmeterRunner load) {
    this.tiers = tiers;
    this.load = load;
  }

  /**
   * A sent batch.
   *
   * @param plan what the load tier was asked to send
   * @param load its run: JTL, logs, exit status
   * @param sentAtMillis each order sent successfully and its send time, epoch milliseconds
   */
  record Sent(BatchOrderPlan plan, LoadRun load, Map<String, Long> sentAtMillis) {
    int count() {
      return sentAtMillis.size();
    }
  }

  /**
   * Sends {@code orders} orders whose ids carry {@code tag}, writing the load run into {@code dir}.
   */
  Sent send(KnobSet knobs, int orders, String tag, Path dir) {
    BatchOrderPlan plan =
        new BatchOrderPlan(
            tiers.endpoints().broker(),
            INTAKE_QUEUE,
            orders,
            knobs.get(Knobs.WORKLOAD_THREADS),
            knobs.get(Knobs.WORKLOAD_SEED),
            SizeMix.parse(knobs.get(Knobs.WORKLOAD_MIX)),
            knobs.get(Knobs.DB_SEED_CUSTOMERS),
            knobs.get(Knobs.WORKLOAD_NEW_CUSTOMER_PERCENT),
            tag,
            knobs.get(Knobs.WORKLOAD_PERSISTENT));
    LoadRun run = load.run(plan, dir, Duration.ofSeconds(120 + orders / 10));
    try {
      return new Sent(plan, run, DrainAccounting.submitted(run.records()));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the load run's JTL " + run.jtl(), e);
    }
  }
}
