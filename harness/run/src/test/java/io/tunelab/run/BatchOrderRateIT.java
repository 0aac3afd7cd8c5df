package io.tunelab.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tunelab.core.measure.ArrivalAnalysis;
import io.tunelab.core.measure.ArrivalRate;
import io.tunelab.core.measure.ArrivalReport;
import io.tunelab.core.measure.JtlRecord;
import io.tunelab.run.plans.batchorder.BatchOrderPlan;
import io.tunelab.run.plans.batchorder.SizeMix;
import io.tunelab.run.plans.batchorder.drain.DrainAccounting;
import io.tunelab.tiers.broker.BrokerTier;
import io.tunelab.tiers.jmeter.LoadGenerator;
import io.tunelab.tiers.jmeter.LoadItBroker;
import io.tunelab.tiers.jmeter.LoadRun;
import io.tunelab.tiers.jmeter.QueuedOrder;
import io.tunelab.tiers.jmeter.TestLoad;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The batch-order plan in rate mode, run by the load tier's JVM against a real broker. The machine
 * is shared: timing bounds are generous (measured on it at a load average of 15 on 2 cores: sends
 * up to 166 ms late, achieved rate within 1.2% of the target), and the other checks are on what the
 * JTL records.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BatchOrderRateIT {
  private static final Duration TIMEOUT = Duration.ofMinutes(2);

  /** JMeter's sample clock re-syncs with the wall clock every 5 s: a send may look 1 ms early. */
  private static final long CLOCK_SLACK_MILLIS = 5;

  private BrokerTier broker;
  private LoadGenerator runner;

  @BeforeAll
  void start() throws Exception {
    broker = LoadItBroker.start();
    runner = TestLoad.shared();
  }

  @AfterAll
  void stop() {
    if (broker != null) {
      broker.close();
    }
  }

  private BatchOrderPlan plan(
      String queue, int orders, int threads, boolean persistent, int perMinute, String tag) {
    return new BatchOrderPlan(
        broker.url(),
        queue,
        orders,
        threads,
        1,
        SizeMix.parse("1:0:0"),
        50,
        0,
        tag,
        persistent,
        perMinute);
  }

  @Test
  void aRateThisMachineKeepsEasilySendsEachOrderWhenDueAndRecordsAchievedAgainstTarget()
      throws Exception {
    // Non-persistent small orders: a send does not wait for the journal, so 4 threads keep 10
    // orders a second even when other builds starve the broker of CPU.
    BatchOrderPlan plan = plan("tunelab.it.rate", 100, 4, false, 600, "rate1");
    long before = System.currentTimeMillis();

    LoadRun run = runner.run(plan.loadPlan(), LoadItBroker.freshDir("rate"), TIMEOUT);

    assertThat(run.succeeded()).as("exit status, see %s", run.log()).isTrue();
    List<JtlRecord> sends = byOrderNumber(run.records());
    assertThat(sends).hasSize(100);
    long t0 = sends.get(0).intendedAtMillis().orElseThrow();
    assertThat(t0).isBetween(before, System.currentTimeMillis());
    for (int n = 1; n <= 100; n++) {
      JtlRecord send = sends.get(n - 1);
      assertThat(send.intendedAtMillis())
          .as("order %d is due 100 ms after the one before", n)
          .hasValue(t0 + (n - 1) * 100L);
      assertThat(send.timeStampMillis())
          .as("order %d is not sent before it is due", n)
          .isGreaterThanOrEqualTo(t0 + (n - 1) * 100L - CLOCK_SLACK_MILLIS);
    }
    assertThat(run.wallTime()).isGreaterThan(plan.scheduleDuration());
    ArrivalReport report =
        ArrivalAnalysis.of(sends, plan.arrivalRate(), plan.orders(), Duration.ofMillis(500));
    assertThat(report.targetPerMinute()).isEqualTo(600);
    assertThat(report.plannedSpanMillis()).isEqualTo(9_900);
    assertThat(report.late()).as("%s", report).isZero();
    assertThat(report.dropped()).isZero();
    assertThat(report.achievedPerMinute()).as("%s", report).isCloseTo(600, within(30.0));
    assertThat(report.keptSchedule()).isTrue();
    assertThat(QueuedOrder.drain(broker.url(), plan.queue())).hasSize(100);
  }

  @Test
  void oneThreadForARateNoSenderKeepsSendsLateAndTheRecordsShowIt() throws Exception {
    // 40 orders due within the same millisecond: one thread sends them one after the other, so the
    // sends after the first start late, whatever this machine's speed.
    BatchOrderPlan plan = plan("tunelab.it.late", 40, 1, true, ArrivalRate.MAX_PER_MINUTE, "late1");

    LoadRun run = runner.run(plan.loadPlan(), LoadItBroker.freshDir("late"), TIMEOUT);

    assertThat(run.succeeded()).as("exit status, see %s", run.log()).isTrue();
    List<JtlRecord> sends = byOrderNumber(run.records());
    long t0 = sends.get(0).intendedAtMillis().orElseThrow();
    assertThat(sends).allSatisfy(send -> assertThat(send.intendedAtMillis()).hasValue(t0));
    ArrivalReport report = ArrivalAnalysis.of(sends, plan.arrivalRate(), 40, Duration.ZERO);
    JtlRecord last = sends.get(39);
    assertThat(report.lateMaxMillis()).isEqualTo(last.timeStampMillis() - t0).isPositive();
    assertThat(report.late()).isPositive();
    assertThat(report.achievedShare()).isLessThan(1);
    assertThat(report.keptSchedule()).isFalse();
    Map<String, Long> origins = DrainAccounting.latencyOrigins(sends);
    assertThat(origins).hasSize(40).allSatisfy((id, origin) -> assertThat(origin).isEqualTo(t0));
    assertThat(DrainAccounting.submitted(sends))
        .containsEntry(last.get("orderId"), last.timeStampMillis());
    QueuedOrder.drain(broker.url(), plan.queue());
  }

  private static List<JtlRecord> byOrderNumber(List<JtlRecord> records) {
    return records.stream().sorted(Comparator.comparing(r -> r.get("orderId"))).toList();
  }
}
