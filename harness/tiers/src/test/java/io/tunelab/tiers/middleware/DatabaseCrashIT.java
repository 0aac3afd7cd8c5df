package io.tunelab.tiers.middleware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.Latency;
import io.tunelab.tiers.db.PostgresTier;
import io.tunelab.tiers.middleware.TestOrders.TestOrder;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * PostgreSQL dies by SIGKILL in the middle of a batch (postmaster and backends at once, as the OOM
 * killer or a {@code kill -9} ends it) and is started again on the same data, port and password: it
 * recovers from its WAL, what was committed before the crash is still there, the middleware's pool
 * reconnects by itself, and every order ends exactly once, completed or faulted with its reason. A
 * class of its own: it kills the stack's database.
 */
class DatabaseCrashIT {
  private static final int ORDERS = 40;
  private static FlowFixture fixture;

  /** The stack's database as it runs now: each test crashes it and starts it again. */
  private static PostgresTier db;

  @BeforeAll
  static void startStack() {
    fixture = new FlowFixture();
    db = fixture.embedded().db();
  }

  @AfterAll
  static void stopStack() {
    if (db != null) {
      db.close();
    }
    if (fixture != null) {
      fixture.close();
    }
  }

  /**
   * Whatever holds the order when the database dies: the broker (sync: rolled back and delivered
   * again), the delivery table (async.persist) or the engine's memory (async.cache, which the
   * broker cannot deliver again: the engine holds it until the database answers).
   */
  @ParameterizedTest
  @ValueSource(strings = {"async.persist", "async.cache", "sync"})
  void aDatabaseKilledMidBatchRecoversItsDataAndLosesNoOrder(String policy) throws Exception {
    fixture.reset();
    // slow enough BRM that the kill lands mid-batch on any machine
    fixture.brm().setLatency(new Latency.Fixed(40));
    KnobSet knobs =
        KnobSet.defaults()
            .with("middleware.delivery.policy", policy)
            .with("middleware.consumers.createSubscriptions", "2")
            .with("middleware.audit.level", "off")
            .with("middleware.diagnostics", "off");
    List<TestOrder> orders =
        TestOrders.orders(
            "pgk-" + policy.replace('.', '-'), "small", ORDERS, fixture.parties(ORDERS));
    Set<String> ids = orders.stream().map(TestOrder::id).collect(Collectors.toSet());

    try (MiddlewareTier middleware = fixture.middleware(knobs, "db-crash-" + policy)) {
      TestOrders.send(fixture.endpoints.broker(), orders);
      await().atMost(Duration.ofSeconds(60)).until(() -> fixture.completed().size() >= 5);

      PostgresTier crashed = db;
      long rowsBefore = fixture.count("SELECT count(*) FROM xref_data");
      int completedAtCrash = fixture.completed().size();
      db = crashed.crashAndRestart(OptionalLong.of(ProcessHandle.current().pid()));

      assertThat(completedAtCrash).as("the crash came mid-batch").isLessThan(ORDERS);
      assertThat(db.port()).isEqualTo(crashed.port());
      assertThat(db.processes().get(0).pid()).isNotEqualTo(crashed.processes().get(0).pid());
      assertThat(crashed.processes().get(0).isAlive()).isFalse();
      assertThat(fixture.count("SELECT count(*) FROM xref_data"))
          .as("rows committed before the crash, after WAL recovery")
          .isGreaterThanOrEqualTo(rowsBefore);
      fixture.awaitAccounted(ids, Duration.ofSeconds(120));
      assertThat(middleware.status().path("pid").asLong()).isPositive();
    }

    Map<String, Integer> completed = fixture.completed();
    Map<String, String> faulted = fixture.faulted();
    // Siebel's UpdateSalesOrder is the one call outside every transaction: one that Siebel had
    // answered when the database died loses its mark (order_receipt.crm_updated_at) with it; the
    // retry then calls Siebel again, or, when the mark's own write failed on the dead connection
    // and the fault could be recorded, the order is faulted though Siebel completed it. Either is
    // the run's DUPLICATED, loudly; at most one such order per thread that can be at that point
    // (4 engine threads; 1 updateCrm consumer with sync), and never a lost one.
    assertThat(completed.values()).as("completions per order").allMatch(n -> n == 1 || n == 2);
    assertThat(faulted).as("faulted with a reason").doesNotContainValue(null);
    Set<String> both =
        completed.keySet().stream().filter(faulted::containsKey).collect(Collectors.toSet());
    assertThat(both)
        .as("completed and faulted both, faults: %s", faulted)
        .allSatisfy(
            id ->
                assertThat(faulted.get(id))
                    .containsPattern("(?i)connection (is|has been) closed|I/O error"));
    long twice = completed.values().stream().filter(n -> n == 2).count();
    assertThat(twice + both.size())
        .as("orders whose Siebel update was answered at the crash, completed twice or also faulted")
        .isLessThanOrEqualTo(4);
    Set<String> accounted = new HashSet<>(completed.keySet());
    accounted.addAll(faulted.keySet());
    assertThat(accounted).containsExactlyInAnyOrderElementsOf(ids);
    assertThat(db.log()).content().contains("automatic recovery in progress");
  }
}
