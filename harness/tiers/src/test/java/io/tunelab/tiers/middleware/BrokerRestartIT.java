package io.tunelab.tiers.middleware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.Latency;
import io.tunelab.tiers.broker.BrokerTier;
import io.tunelab.tiers.middleware.TestOrders.TestOrder;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The broker dies by SIGKILL in the middle of a batch and comes back on the same port and journal:
 * the middleware reconnects by itself and every order still ends exactly once.
 */
class BrokerRestartIT {
  private static final int ORDERS = 40;
  private static FlowFixture fixture;
  private static BrokerTier restarted;

  @BeforeAll
  static void startStack() {
    fixture = new FlowFixture();
  }

  @AfterAll
  static void stopStack() {
    if (restarted != null) {
      restarted.close();
    }
    if (fixture != null) {
      fixture.close();
    }
  }

  @Test
  void aBrokerKilledMidBatchLosesAndDuplicatesNoOrder() throws Exception {
    fixture.reset();
    // slow enough BRM that the kill lands mid-batch on any machine
    fixture.brm().setLatency(new Latency.Fixed(40));
    KnobSet knobs =
        KnobSet.defaults()
            .with("middleware.delivery.policy", "sync")
            .with("middleware.consumers.createSubscriptions", "2")
            .with("middleware.audit.level", "off")
            .with("middleware.diagnostics", "off");
    List<TestOrder> orders = TestOrders.orders("brk", "small", ORDERS, fixture.parties(ORDERS));
    Set<String> ids = orders.stream().map(TestOrder::id).collect(Collectors.toSet());

    try (MiddlewareTier middleware = fixture.middleware(knobs, "broker-restart")) {
      TestOrders.send(fixture.endpoints.broker(), orders);
      await().atMost(Duration.ofSeconds(60)).until(() -> fixture.completed().size() >= 5);

      BrokerTier broker = fixture.embedded().broker();
      broker.processes().forEach(ProcessHandle::destroyForcibly);
      await()
          .atMost(Duration.ofSeconds(15))
          .until(() -> broker.processes().stream().noneMatch(ProcessHandle::isAlive));
      int completedAtKill = fixture.completed().size();
      restarted =
          BrokerTier.start(
              broker.config().withPort(broker.port()),
              broker.log().getParent(),
              OptionalLong.of(ProcessHandle.current().pid()));

      assertThat(completedAtKill).isLessThan(ORDERS);
      fixture.awaitAccounted(ids, Duration.ofSeconds(120));
      assertThat(middleware.status().path("pid").asLong()).isPositive();
    }

    assertThat(fixture.faulted()).isEmpty();
    assertThat(fixture.completed()).containsOnlyKeys(ids);
    assertThat(fixture.completed().values()).as("completions per order").containsOnly(1);
  }
}
