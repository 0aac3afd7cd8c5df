package io.tunelab.run.plans.batchorder.drain;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.run.plans.batchorder.BatchOrderPlan;
import io.tunelab.run.plans.batchorder.SizeMix;
import io.tunelab.tiers.jmeter.LoadRun;
import io.tunelab.tiers.jmeter.TestLoad;
import io.tunelab.tiers.middleware.FlowFixture;
import io.tunelab.tiers.middleware.MiddlewareTier;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The batch-order plan in its own JMeter JVM feeding the real middleware, drained and accounted for
 * from the outside: the Siebel mock's completions and the faulted instances.
 */
class BatchOrderDrainIT {
  private static FlowFixture fixture;

  /** The stack this test JVM's classes share (see {@link FlowFixture#shared}). */
  @BeforeAll
  static void startStack() {
    fixture = FlowFixture.shared();
  }

  @Test
  void everyPlannedOrderIsCompletedOrFaultedWithAReason() throws Exception {
    fixture.reset();
    fixture.brm().setFaultRate(0.1);
    BatchOrderPlan plan =
        new BatchOrderPlan(
            fixture.endpoints.broker(),
            "tunelab.intake",
            30,
            2,
            7,
            SizeMix.parse("2:1:0"),
            FlowFixture.CUSTOMERS,
            20,
            "drain1",
            true);
    KnobSet knobs =
        KnobSet.defaults()
            .with("middleware.consumers.createSubscriptions", "2")
            .with("middleware.invoke.retries", "0");
    long since = fixture.siebel().counts().lastSequence();

    LoadRun load;
    DrainResult drain;
    try (MiddlewareTier middleware = fixture.middleware(knobs, "batch-order")) {
      load =
          TestLoad.shared()
              .run(
                  plan.loadPlan(),
                  Path.of("target/order-to-bill-it/batch-order-load"),
                  Duration.ofMinutes(2));
      assertThat(load.succeeded()).as("load run, see %s", load.log()).isTrue();
      Map<String, Long> sent = DrainAccounting.submitted(load.records());
      assertThat(sent).hasSize(30);
      drain =
          new DrainWatcher(
                  new MocksCompletions(fixture.siebel(), since),
                  new FaultedOrders(dataSource(), plan.orderIdPrefix()),
                  Duration.ofMillis(250),
                  Duration.ofSeconds(60))
              .await(sent, Set.of());
    }

    assertThat(drain.complete()).as(drain.accounting().message()).isTrue();
    assertThat(drain.accounting().valid()).isTrue();
    assertThat(drain.accounting().completed() + drain.accounting().faulted()).isEqualTo(30);
    assertThat(drain.accounting().faults())
        .allSatisfy((id, reason) -> assertThat(reason).contains("brm"));
    assertThat(drain.accounting().metrics().p50Millis()).isPositive();
    assertThat(drain.accounting().metrics().ordersPerMinute()).isPositive();
  }

  private static PGSimpleDataSource dataSource() {
    PGSimpleDataSource dataSource = new PGSimpleDataSource();
    dataSource.setUrl(fixture.endpoints.db());
    dataSource.setUser(fixture.endpoints.dbUser());
    dataSource.setPassword(fixture.endpoints.dbPassword());
    return dataSource;
  }
}
