package io.tunelab.tiers.middleware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.Latency;
import io.tunelab.tiers.broker.BrokerTier;
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
 * The broker dies by SIGKILL in the middle of a batch and comes back on the same port and journal,
 * under each delivery policy: the middleware reconnects by itself and every order still ends
 * exactly once. A class of its own: it kills the stack's broker.
 */
class BrokerRestartIT {
  private static final int ORDERS = 40;
  private static FlowFixture fixture;

  /** The stack's broker as it runs now: each test kills it and starts it again. */
  private static BrokerTier broker;

  @BeforeAll
  static void startStack() {
    fixture = new FlowFixture();
    broker = fixture.embedded().broker();
  }

  @AfterAll
  static void stopStack() {
    if (broker != null) {
      broker.close();
    }
    if (fixture != null) {
      fixture.close();
    }
  }

  /**
   * Whatever holds the order when the broker dies: the broker's journal (sync: the consumer's
   * transaction never committed), the delivery table (async.persist) or the engine's memory
   * (async.cache: acknowledged on hand-off, its next stage's send waiting for the broker).
   */
  @ParameterizedTest
  @ValueSource(strings = {"sync", "async.persist", "async.cache"})
  void aBrokerKilledMidBatchLosesAndDuplicatesNoOrder(String policy) throws Exception {
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
            "brk-" + policy.replace('.', '-'), "small", ORDERS, fixture.parties(ORDERS));
    Set<String> ids = orders.stream().map(TestOrder::id).collect(Collectors.toSet());
    int engineHolds;

    try (MiddlewareTier middleware = fixture.middleware(knobs, "broker-restart-" + policy)) {
      TestOrders.send(fixture.endpoints.broker(), orders);
      await().atMost(Duration.ofSeconds(60)).until(() -> fixture.completed().size() >= 5);

      BrokerTier killed = broker;
      killed.processes().forEach(ProcessHandle::destroyForcibly);
      await()
          .atMost(Duration.ofSeconds(15))
          .until(() -> killed.processes().stream().noneMatch(ProcessHandle::isAlive));
      // a killed broker leaves its native scratch file in /tmp (one per start, in every verify)
      killed.removeScratch();
      int completedAtKill = fixture.completed().size();
      broker =
          BrokerTier.start(
              killed.config().withPort(killed.port()),
              killed.log().getParent(),
              OptionalLong.of(ProcessHandle.current().pid()));

      assertThat(completedAtKill).isLessThan(ORDERS);
      fixture.awaitAccounted(ids, Duration.ofSeconds(120));
      JsonNode status = middleware.status();
      assertThat(status.path("pid").asLong()).isPositive();
      engineHolds = status.path("engineThreads").asInt() + status.path("engineCapacity").asInt();
    }

    Map<String, Integer> completed = fixture.completed();
    Map<String, String> faulted = fixture.faulted();
    Set<String> accounted = new HashSet<>(completed.keySet());
    accounted.addAll(faulted.keySet());
    assertThat(accounted)
        .as("every order, completed or faulted")
        .containsExactlyInAnyOrderElementsOf(ids);
    if (policy.equals("sync")) {
      // the consumer's transaction holds receipt and send: rolled back, delivered again
      assertThat(faulted).isEmpty();
      assertThat(completed.values()).as("completions per order").containsOnly(1);
      return;
    }
    // acknowledged at hand-off: an engine transaction the broker's death broke cannot come again,
    // so its order is faulted naming the broker; one whose commit went through anyway completes
    // as well (the run's DUPLICATED, loudly); only what the engine held (its threads' and the
    // waiting tasks) can be at that point. A hand-off whose acknowledgement failed on failover may
    // come again: async.persist finds its stored row taken and leaves it, async.cache (nothing
    // stored) processes it twice, which the run counts DUPLICATED
    assertThat(faulted.values())
        .as("faulted with a reason")
        .allSatisfy(reason -> assertThat(reason).contains("the broker failed"));
    assertThat(faulted.size())
        .as("orders in the engine's hands at the kill")
        .isLessThanOrEqualTo(engineHolds);
    assertThat(completed.values()).as("completions per order").allMatch(n -> n == 1 || n == 2);
    long twice = completed.values().stream().filter(n -> n == 2).count();
    if (policy.equals("async.persist")) {
      assertThat(twice).as("orders completed twice").isZero();
    } else {
      assertThat(twice).as("hand-offs in flight at the kill").isLessThanOrEqualTo(engineHolds);
    }
  }
}
