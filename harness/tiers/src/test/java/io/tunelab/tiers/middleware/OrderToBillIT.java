package io.tunelab.tiers.middleware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.Latency;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.broker.QueueCounters;
import io.tunelab.tiers.middleware.TestOrders.TestOrder;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The order-to-bill flow of the real middleware on a real stack, and its knobs reaching it. */
class OrderToBillIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static FlowFixture fixture;

  /** A quick middleware: sync hand-off, a few consumers, no diagnostics. */
  static KnobSet quick() {
    KnobSet knobs = KnobSet.defaults().with("middleware.delivery.policy", "sync");
    for (String stage :
        List.of("intake", "orchestration", "createCustomer", "createSubscriptions", "updateCrm")) {
      knobs = knobs.with("middleware.consumers." + stage, "3");
    }
    return knobs.with("middleware.diagnostics", "off").with("middleware.audit.level", "off");
  }

  @BeforeAll
  static void startStack() {
    fixture = FlowFixture.shared();
  }

  @BeforeEach
  void reset() {
    fixture.reset();
  }

  @Test
  void ordersOfEverySizeFlowEndToEndWithOneBrmCallPerAccountAndPerLine() throws Exception {
    // ten of each size, the ninth of each on a customer BRM does not know yet (created once,
    // then synchronized): 520 lines, where 25 of each (1,300 lines) proved no more and cost the
    // verify's CPU
    List<String> parties = new ArrayList<>(fixture.parties(9));
    parties.add("1-NEWCUST");
    List<TestOrder> orders = new ArrayList<>();
    for (String size : List.of("small", "medium", "large")) {
      orders.addAll(TestOrders.orders(size.substring(0, 1), size, 10, parties));
    }
    int lines = orders.stream().mapToInt(TestOrder::lineCount).sum();

    try (MiddlewareTier middleware = fixture.middleware(quick(), "sizes")) {
      TestOrders.send(fixture.endpoints.broker(), orders);
      fixture.awaitAccounted(orders.size(), Duration.ofMinutes(4));
    }

    assertThat(fixture.faulted()).isEmpty();
    assertThat(fixture.completed())
        .hasSize(orders.size())
        .allSatisfy((id, n) -> assertThat(n).isOne());
    Map<String, Integer> lineCalls = FlowFixture.keys(fixture.brm(), "AddSubscription");
    assertThat(lineCalls).hasSize(lines).allSatisfy((line, n) -> assertThat(n).isOne());
    long accountCalls =
        fixture.brm().counts().operation("CreateCustomer").count()
            + fixture.brm().counts().operation("SyncCustomer").count();
    assertThat(accountCalls).isEqualTo(orders.size());
    assertThat(fixture.brm().counts().operation("CreateCustomer").count()).isOne();
    assertThat(fixture.siebel().counts().operation("QueryCustomerParty").count())
        .isEqualTo(orders.size());
    assertThat(fixture.count("SELECT count(*) FROM process_instance WHERE state = 'completed'"))
        .isEqualTo(orders.size());
    assertThat(fixture.count("SELECT count(*) FROM xref_data WHERE origin = 'run'"))
        .as("one account mapping (3 rows) and one row pair per line")
        .isEqualTo(3 + 2L * lines);
    assertDehydratedStateGrowsWithTheOrder(orders.size());
  }

  /**
   * A customer's orders that reach create-customer together, before BRM knows it: the first creates
   * it and writes its cross-reference, the others wait for that and synchronize it. Without the
   * wait, each found no cross-reference and created the customer again in BRM (CreateCustomer three
   * times, three BRM accounts for one customer).
   */
  @Test
  void ordersOfOneNewCustomerAtOnceCreateItInBrmOnce() throws Exception {
    // BRM slow enough that the three lookups all come before the first create answers
    fixture.brm().setLatency(new Latency.Fixed(300));
    List<TestOrder> orders = TestOrders.orders("new", "small", 3, List.of("1-NEWONCE"));

    try (MiddlewareTier middleware = fixture.middleware(quick(), "new-customer-at-once")) {
      TestOrders.send(fixture.endpoints.broker(), orders);
      fixture.awaitAccounted(orders.size(), Duration.ofSeconds(60));
    }

    assertThat(fixture.completed()).hasSize(orders.size());
    assertThat(fixture.brm().counts().operation("CreateCustomer").count()).isOne();
    assertThat(fixture.brm().counts().operation("SyncCustomer").count()).isEqualTo(2);
    assertThat(
            fixture.count(
                "SELECT count(*) FROM xref_data WHERE origin = 'run'"
                    + " AND xref_table_name = 'CUSTOMERPARTY_PARTYID'"))
        .as("one account mapping of three rows")
        .isEqualTo(3);
  }

  /**
   * Read from the table: the state update-crm dehydrated last, per size class (order ids {@code
   * ORD-s-…}, {@code ORD-m-…}, {@code ORD-l-…}), stored uncompressed by default.
   */
  private static void assertDehydratedStateGrowsWithTheOrder(int orders) {
    assertThat(
            fixture.count(
                "SELECT count(*) FROM instance_state s JOIN process_instance i USING (instance_id)"
                    + " WHERE s.stage = 'updateCrm' AND s.encoding = 'xml'"
                    + " AND octet_length(s.state) = s.state_bytes"))
        .isEqualTo(orders);
    Map<String, Long> bytes = new HashMap<>();
    for (String size : List.of("s", "m", "l")) {
      bytes.put(
          size,
          fixture.count(
              "SELECT min(octet_length(s.state)) FROM instance_state s"
                  + " JOIN process_instance i USING (instance_id)"
                  + " WHERE i.conversation_id LIKE 'ORD-"
                  + size
                  + "-%'"));
    }
    // 2, 10 and 40 lines: every line adds to the order, to each transform of it, and a BRM
    // subscription answer
    assertThat(bytes.get("m"))
        .as("medium vs small, bytes %s", bytes)
        .isGreaterThan(2 * bytes.get("s"));
    assertThat(bytes.get("l"))
        .as("large vs medium, bytes %s", bytes)
        .isGreaterThan(3 * bytes.get("m"));
  }

  @Test
  void gzipStateCompressionStoresTheSameStateInFewerBytes() throws Exception {
    KnobSet knobs = quick().with("middleware.instance.stateCompression", "gzip");
    List<TestOrder> orders = TestOrders.orders("gz", "medium", 4, fixture.parties(4));

    try (MiddlewareTier middleware = fixture.middleware(knobs, "state-gzip")) {
      TestOrders.send(fixture.endpoints.broker(), orders);
      fixture.awaitAccounted(orders.size(), Duration.ofSeconds(60));
    }

    assertThat(fixture.completed()).hasSize(orders.size());
    try (Connection connection = fixture.connect();
        Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT i.conversation_id, s.encoding, s.state, s.state_bytes FROM instance_state s"
                    + " JOIN process_instance i USING (instance_id)")) {
      int read = 0;
      while (rows.next()) {
        read++;
        byte[] stored = rows.getBytes(3);
        assertThat(rows.getString(2)).isEqualTo("gzip");
        assertThat(stored.length).isLessThan(rows.getInt(4) / 2);
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(stored))) {
          byte[] state = in.readAllBytes();
          assertThat(state).hasSize(rows.getInt(4));
          assertThat(new String(state, StandardCharsets.UTF_8))
              .startsWith("<instance ")
              .contains("stage=\"updateCrm\"")
              .contains(rows.getString(1));
        }
      }
      assertThat(read).isEqualTo(orders.size());
    }
  }

  @Test
  void consumersPerStageAreRegisteredOnTheirQueues() {
    KnobSet knobs =
        quick()
            .with("middleware.consumers.createSubscriptions", "5")
            .with("middleware.consumers.intake", "1");

    try (MiddlewareTier middleware = fixture.middleware(knobs, "consumers");
        BrokerManagement broker = BrokerManagement.connect(fixture.endpoints.broker())) {
      Map<String, QueueCounters> queues = broker.queues();

      assertThat(queues.get("tunelab.create-subscriptions").consumerCount()).isEqualTo(5);
      assertThat(queues.get("tunelab.intake").consumerCount()).isEqualTo(1);
      assertThat(queues.get("tunelab.update-crm").consumerCount()).isEqualTo(3);
    }
  }

  @Test
  void auditRowsFollowTheAuditLevel() throws Exception {
    List<String> parties = fixture.parties(5);
    Map<String, long[]> rows = new java.util.LinkedHashMap<>();
    for (String level : List.of("off", "production", "development")) {
      fixture.reset();
      try (MiddlewareTier middleware =
          fixture.middleware(quick().with("middleware.audit.level", level), "audit-" + level)) {
        TestOrders.send(fixture.endpoints.broker(), TestOrders.orders(level, "small", 3, parties));
        fixture.awaitAccounted(3, Duration.ofSeconds(60));
      }
      rows.put(
          level,
          new long[] {
            fixture.count("SELECT count(*) FROM audit_detail"),
            fixture.count("SELECT count(*) FROM audit_detail WHERE payload IS NOT NULL"),
            fixture.count("SELECT count(*) FROM audit_detail WHERE payload_bytes > 0")
          });
    }

    assertThat(rows.get("off")).containsExactly(0, 0, 0);
    assertThat(rows.get("production")[0]).isGreaterThanOrEqualTo(3 * 5);
    assertThat(rows.get("production")[1]).isZero();
    assertThat(rows.get("production")[2]).isPositive();
    assertThat(rows.get("development")[0]).isEqualTo(rows.get("production")[0]);
    assertThat(rows.get("development")[1]).isEqualTo(rows.get("development")[2]).isPositive();
  }

  @Test
  void instancePersistenceOffWritesNoInstances() throws Exception {
    KnobSet knobs = quick().with("middleware.instance.persistence", "off");

    try (MiddlewareTier middleware = fixture.middleware(knobs, "persistence-off")) {
      TestOrders.send(
          fixture.endpoints.broker(), TestOrders.orders("off", "small", 5, fixture.parties(5)));
      fixture.awaitAccounted(5, Duration.ofSeconds(60));
    }

    assertThat(fixture.completed()).hasSize(5);
    assertThat(fixture.count("SELECT count(*) FROM process_instance")).isZero();
    assertThat(fixture.count("SELECT count(*) FROM instance_state")).isZero();
  }

  @Test
  void aDuplicateOrderIsBilledOnce() throws Exception {
    List<TestOrder> once = TestOrders.orders("dup", "small", 2, fixture.parties(2));
    List<TestOrder> twice = new ArrayList<>(once);
    twice.add(once.get(0));

    try (MiddlewareTier middleware = fixture.middleware(quick(), "duplicate")) {
      TestOrders.send(fixture.endpoints.broker(), twice);
      fixture.awaitAccounted(2, Duration.ofSeconds(60));
      await()
          .atMost(Duration.ofSeconds(20))
          .until(
              () ->
                  middleware.status().path("stages").path("intake").path("duplicates").asLong()
                      == 1);
    }

    assertThat(fixture.completed()).containsEntry(once.get(0).id(), 1).hasSize(2);
  }

  @Test
  void xrefIndexIsUsedWhenPresent() throws Exception {
    long before = indexScans();

    try (MiddlewareTier middleware = fixture.middleware(quick(), "xref-index")) {
      TestOrders.send(
          fixture.endpoints.broker(), TestOrders.orders("idx", "small", 3, fixture.parties(3)));
      fixture.awaitAccounted(3, Duration.ofSeconds(60));
    }

    // Backends report their counters when they end or idle; the middleware's have ended here.
    await().atMost(Duration.ofSeconds(30)).until(() -> indexScans() >= before + 3 * 4);
  }

  @Test
  void poolSizeDiagnosticsAndAsyncCacheReachTheMiddleware() throws Exception {
    KnobSet knobs =
        quick()
            .with("middleware.jdbc.poolSize", "7")
            .with("middleware.diagnostics", "on")
            .with("middleware.delivery.policy", "async.cache");

    try (MiddlewareTier middleware = fixture.middleware(knobs, "pool-diagnostics-cache")) {
      assertThat(
              fixture.count(
                  "SELECT count(*) FROM pg_stat_activity"
                      + " WHERE application_name = 'tunelab-middleware'"))
          .isEqualTo(7);
      TestOrders.send(
          fixture.endpoints.broker(), TestOrders.orders("dia", "small", 3, fixture.parties(3)));
      fixture.awaitAccounted(3, Duration.ofSeconds(60));
      assertThat(middleware.status().path("diagnosticsSamples").path("intake.receive").asLong())
          .isEqualTo(3);
      JsonNode receive = middleware.status().path("diagnosticsStopwatch").path("intake.receive");
      assertThat(receive.path("count").asInt()).isEqualTo(3);
      assertThat(receive.path("maxMillis").asDouble())
          .isPositive()
          .isGreaterThanOrEqualTo(receive.path("meanMillis").asDouble());
      assertThat(middleware.log().resolveSibling("diagnostics.log")).content().contains("dia");
    }

    assertThat(fixture.count("SELECT count(*) FROM delivery_message")).isZero();
  }

  private static long indexScans() {
    return fixture.count(
        "SELECT coalesce(sum(idx_scan), 0) FROM pg_stat_user_indexes"
            + " WHERE indexrelname IN ('xref_data_value_ix', 'xref_data_row_number_ix')");
  }
}
