package io.tunelab.tiers.middleware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.tiers.broker.BrokerManagement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code middleware.role} reaches the middleware: two JVMs on one stack as the studies' specialised
 * clusters, one for the queue-driven flow (async) and one for the SOAP services (sync). The sync
 * one registers no consumer on any queue and answers billing-care; the async one registers every
 * stage's consumers, opens no service, and completes the orders alone.
 */
class MiddlewareRolesIT {
  private static FlowFixture fixture;

  @BeforeAll
  static void startStack() {
    fixture = FlowFixture.shared();
  }

  @BeforeEach
  void reset() {
    fixture.reset();
  }

  @Test
  void anAsyncAndASyncMiddlewareSplitTheFlowsBetweenThem() throws Exception {
    KnobSet knobs = OrderToBillIT.quick();
    List<String> parties = fixture.parties(5);
    try (MiddlewareTier sync = fixture.middleware(knobs.with("middleware.role", "sync"), "sync");
        BrokerManagement broker = BrokerManagement.connect(fixture.endpoints.broker())) {
      assertThat(consumers(broker))
          .isNotEmpty()
          .allSatisfy((queue, n) -> assertThat(n).as("consumers of " + queue).isZero());
      assertThat(sync.status().path("settings").path("role").asText()).isEqualTo("SYNC");
      assertThat(sync.status().path("parked").asBoolean()).isFalse();

      try (MiddlewareTier async =
          fixture.middleware(knobs.with("middleware.role", "async"), "async")) {
        Map<String, Long> consumers = consumers(broker);
        assertThat(consumers)
            .containsEntry("tunelab.intake", 3L)
            .containsEntry("tunelab.create-subscriptions", 3L)
            .containsEntry("tunelab.update-crm", 3L);
        assertThat(async.status().has("billing")).isFalse();
        assertThat(async.status().has("sort")).isFalse();
        assertThatThrownBy(async::billingUrl).hasMessageContaining("no billing.url");

        TestOrders.send(
            fixture.endpoints.broker(), TestOrders.orders("roles", "small", 5, parties));
        BillingCareClient billing = new BillingCareClient(sync.billingUrl());
        assertThat(billing.ask("GetBalanceSummary", parties.get(0)).statusCode()).isEqualTo(200);
        fixture.awaitAccounted(5, Duration.ofSeconds(60));

        assertThat(fixture.completed()).hasSize(5);
        assertThat(fixture.faulted()).isEmpty();
        assertThat(completedBy(async)).isEqualTo(5);
        assertThat(completedBy(sync)).isZero();
        assertThat(sync.status().path("billing").path("operations").toString())
            .contains("GetBalanceSummary");
      }
    }
  }

  /** Consumers on each of tunelab's queues, as the broker counts them. */
  private static Map<String, Long> consumers(BrokerManagement broker) {
    return broker.queues().entrySet().stream()
        .filter(e -> e.getKey().startsWith("tunelab."))
        .collect(
            java.util.stream.Collectors.toMap(
                Map.Entry::getKey, e -> (long) e.getValue().consumerCount()));
  }

  /** Orders the last stage (update-crm) of this middleware took. */
  private static long completedBy(MiddlewareTier middleware) {
    return middleware.status().path("stages").path("updateCrm").path("received").asLong();
  }
}
