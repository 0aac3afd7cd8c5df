package io.tunelab.tiers.middleware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.tiers.middleware.TestOrders.TestOrder;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Orders taken from the inbox table by the fetcher intake: its pool size, interval and sharing. */
class FetcherIntakeIT {
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
  void fetcherPicksAtMostItsPoolSizePerPollAtItsInterval() throws Exception {
    List<TestOrder> orders = TestOrders.orders("fet", "small", 12, fixture.parties(6));
    fillInbox(orders);
    KnobSet knobs =
        OrderToBillIT.quick()
            .with("middleware.intake", "fetcher")
            .with("middleware.fetcher.poolSize", "4")
            .with("middleware.fetcher.pollingMillis", "400")
            .with("middleware.fetcher.submitMillis", "0");

    try (MiddlewareTier middleware = fixture.middleware(knobs, "fetcher")) {
      fixture.awaitAccounted(orders.size(), Duration.ofSeconds(60));
      var fetcher = middleware.status().path("fetcher");
      assertThat(fetcher.path("picked").asLong()).isEqualTo(orders.size());
      assertThat(fetcher.path("largestBatch").asLong()).isEqualTo(4);
    }

    List<String> polls =
        fixture.strings(
            "SELECT (extract(epoch FROM picked_at) * 1000)::bigint || ':' || count(*)"
                + " FROM order_inbox GROUP BY picked_at ORDER BY picked_at");
    assertThat(polls).hasSize(3);
    long previous = -1;
    for (String poll : polls) {
      long at = Long.parseLong(poll.split(":")[0]);
      assertThat(Integer.parseInt(poll.split(":")[1])).isEqualTo(4);
      if (previous >= 0) {
        assertThat(at - previous).as("pause between polls").isGreaterThanOrEqualTo(400);
      }
      previous = at;
    }
    assertThat(fixture.count("SELECT count(*) FROM order_inbox WHERE status = 'DONE'"))
        .isEqualTo(orders.size());
  }

  /** The orders as NEW rows of the inbox table the fetchers poll. */
  /**
   * Puts every order into the inbox at once: inserted HELD, then released, as backlog mode does.
   */
  private static void fillInbox(List<TestOrder> orders) {
    for (TestOrder order : orders) {
      fixture.update(
          "INSERT INTO order_inbox (order_id, payload, size_class, status)"
              + " VALUES (?, ?, 'small', 'HELD')",
          order.id(),
          order.xml());
    }
    fixture.update("UPDATE order_inbox SET status = 'NEW' WHERE status = 'HELD'");
  }

  @Test
  void threeFetchersShareTheInboxAndNoOrderIsProcessedTwice() throws Exception {
    List<TestOrder> orders = TestOrders.orders("f3", "small", 30, fixture.parties(10));
    KnobSet knobs =
        OrderToBillIT.quick()
            .with("middleware.intake", "fetcher")
            .with("middleware.fetchers", "3")
            .with("middleware.fetcher.poolSize", "2")
            .with("middleware.fetcher.pollingMillis", "50")
            .with("middleware.fetcher.submitMillis", "0");

    JsonNode fetcher;
    // The plan that once let one poll claim the whole inbox: the claim's subquery rescanned on the
    // inner side of a nested loop, each rescan skipping the rows this very statement had updated.
    // The middleware's sessions get it from their role; a claim made safe by materializing holds.
    List<String> nestedLoopOnly =
        List.of(
            "enable_hashjoin",
            "enable_mergejoin",
            "enable_hashagg",
            "enable_sort",
            "enable_material");
    nestedLoopOnly.forEach(
        setting ->
            fixture.update(
                "ALTER ROLE " + fixture.endpoints.dbUser() + " SET " + setting + " = off"));
    try (MiddlewareTier middleware = fixture.middleware(knobs, "fetchers")) {
      // the orders arrive after the fetchers polled an empty inbox for a while, as in a run: by
      // then the driver prepared their claim on the server with a plan for an empty table
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> middleware.status().path("fetcher").path("emptyPolls").asLong() >= 30);
      fillInbox(orders);
      fixture.awaitAccounted(orders.size(), Duration.ofSeconds(60));
      fetcher = middleware.status().path("fetcher");
    } finally {
      nestedLoopOnly.forEach(
          setting ->
              fixture.update("ALTER ROLE " + fixture.endpoints.dbUser() + " RESET " + setting));
    }

    assertThat(fetcher.path("fetchers").asInt()).isEqualTo(3);
    assertThat(fetcher.path("each"))
        .hasSize(3)
        .allSatisfy(f -> assertThat(f.path("polls").asLong()).isPositive());
    // poolSize bounds every poll: the rows one poll claimed share its fetcher and its time
    assertThat(fetcher.path("largestBatch").asLong()).isBetween(1L, 2L);
    assertThat(
            fixture.count(
                "SELECT max(n) FROM (SELECT count(*) AS n FROM order_inbox"
                    + " GROUP BY picked_by, picked_at) AS polls"))
        .isBetween(1L, 2L);
    assertThat(fetcher.path("picked").asLong()).isEqualTo(orders.size());
    assertThat(fetcher.path("emptyPolls").asLong())
        .as("polls after the inbox ran dry find nothing")
        .isPositive()
        .isLessThan(fetcher.path("polls").asLong());
    assertThat(fixture.faulted()).isEmpty();
    assertThat(fixture.completed())
        .hasSize(orders.size())
        .allSatisfy((id, n) -> assertThat(n).as("completions of %s", id).isOne());
    assertThat(fixture.count("SELECT count(*) FROM order_inbox WHERE status = 'DONE'"))
        .isEqualTo(orders.size());
    // SKIP LOCKED: each row claimed by one fetcher, and the claims spread over them
    assertThat(fixture.count("SELECT count(DISTINCT picked_by) FROM order_inbox"))
        .isGreaterThanOrEqualTo(2);
  }
}
