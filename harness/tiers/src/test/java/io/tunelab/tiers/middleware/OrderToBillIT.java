package io.tunelab.tiers.middleware;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.knobs.FaultKind;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.Latency;
import io.tunelab.middleware.Stage;
import io.tunelab.middleware.config.MiddlewareSettings.AuditLevel;
import io.tunelab.middleware.config.MiddlewareSettings.InstancePersistence;
import io.tunelab.middleware.config.MiddlewareSettings.StateCompression;
import io.tunelab.middleware.db.Instances;
import io.tunelab.tiers.XaBranches;
import io.tunelab.tiers.broker.BrokerConfig;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.broker.QueueCounters;
import io.tunelab.tiers.middleware.TestOrders.TestOrder;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientConsumer;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.apache.activemq.artemis.core.transaction.impl.XidImpl;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

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
    List<String> parties = new ArrayList<>(fixture.parties(24));
    parties.add("1-NEWCUST"); // a customer BRM does not know yet: created, then synchronized
    List<TestOrder> orders = new ArrayList<>();
    for (String size : List.of("small", "medium", "large")) {
      orders.addAll(TestOrders.orders(size.substring(0, 1), size, 25, parties));
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
  void instancePersistenceFaultedWritesOnlyFaultedInstancesWithTheirReason() throws Exception {
    KnobSet knobs =
        quick()
            .with("middleware.instance.persistence", "faulted")
            .with("middleware.invoke.retries", "0");
    // an order makes two BRM calls or more: at 0.5 every one of 30 faulted in about 2% of runs
    fixture.brm().setFaultRate(0.3);
    List<TestOrder> orders = TestOrders.orders("flt", "small", 30, fixture.parties(10));

    try (MiddlewareTier middleware = fixture.middleware(knobs, "persistence-faulted")) {
      TestOrders.send(fixture.endpoints.broker(), orders);
      fixture.awaitAccounted(orders.size(), Duration.ofSeconds(90));
    }

    Map<String, String> faulted = fixture.faulted();
    Set<String> completed = fixture.completed().keySet();
    assertThat(faulted).isNotEmpty().allSatisfy((id, reason) -> assertThat(reason).contains("brm"));
    assertThat(completed).isNotEmpty().doesNotContainAnyElementsOf(faulted.keySet());
    assertThat(completed.size() + faulted.size()).isEqualTo(orders.size());
    assertThat(fixture.count("SELECT count(*) FROM process_instance"))
        .as("no row for a completed order")
        .isEqualTo(faulted.size());
    assertThat(
            fixture.count(
                "SELECT count(*) FROM instance_state s JOIN process_instance i USING (instance_id)"
                    + " WHERE i.state = 'faulted' AND s.state_bytes > 0"))
        .as("state dehydrated for every faulted order, and only for those")
        .isEqualTo(faulted.size())
        .isEqualTo(fixture.count("SELECT count(*) FROM instance_state"));
  }

  @Test
  void tenPercentBackendFaultsLeaveEveryOrderCompletedOrFaulted() throws Exception {
    fixture.siebel().setFaultRate(0.1);
    fixture.brm().setFaultRate(0.1);
    List<TestOrder> orders = TestOrders.orders("ten", "small", 40, fixture.parties(20));

    try (MiddlewareTier middleware =
        fixture.middleware(quick().with("middleware.invoke.retries", "0"), "faults")) {
      TestOrders.send(fixture.endpoints.broker(), orders);
      fixture.awaitAccounted(orders.size(), Duration.ofSeconds(90));
    }

    assertAccountedOnce(orders);
  }

  /**
   * A BRM that drops the connection, sends garbage or breaks its envelope off, as a crashed or
   * confused back-end does: every order is completed once or faulted with the failure seen.
   */
  @ParameterizedTest
  @EnumSource(
      value = FaultKind.class,
      names = {"RESET", "GARBAGE", "TRUNCATED"})
  void connectionFaultsOfBrmLeaveEveryOrderCompletedOnceOrFaultedWithTheirReason(FaultKind kind)
      throws Exception {
    fixture.brm().setFaults(0.2, kind);
    List<TestOrder> orders = TestOrders.orders(kind.label(), "small", 30, fixture.parties(20));

    try (MiddlewareTier middleware =
        fixture.middleware(
            quick().with("middleware.invoke.retries", "0"), "connection-" + kind.label())) {
      TestOrders.send(fixture.endpoints.broker(), orders);
      fixture.awaitAccounted(orders.size(), Duration.ofSeconds(90));
    }

    assertAccountedOnce(orders);
    String failure =
        kind == FaultKind.TRUNCATED ? "answered malformed XML" : "failed after 1 attempt(s)";
    assertThat(fixture.faulted().values())
        .allSatisfy(
            reason ->
                assertThat(reason)
                    .containsIgnoringCase("brm")
                    .contains(failure)
                    .doesNotContain("SOAP Fault"));
    if (kind == FaultKind.TRUNCATED) {
      // the seeded parties are known to BRM: each order synchronizes its customer first (about
      // 6 of 30 broken at 20%), whose answer is read like the others
      assertThat(fixture.faulted().values())
          .as("orders faulted at their customer's synchronization")
          .anySatisfy(reason -> assertThat(reason).contains("brm SyncCustomer answered malformed"));
    }
    assertThat(FlowFixture.keys(fixture.brm(), "AddSubscription").values())
        .as(
            "BRM's subscriptions per order line: a stage redelivered after a line was billed"
                + " would bill it again")
        .containsOnly(1);
  }

  /** Each order completed exactly once or faulted with a reason, and never both. */
  private static void assertAccountedOnce(List<TestOrder> orders) {
    Map<String, Integer> completed = fixture.completed();
    Map<String, String> faulted = fixture.faulted();
    assertThat(completed.values()).as("completions per order").containsOnly(1);
    assertThat(completed.keySet()).doesNotContainAnyElementsOf(faulted.keySet());
    Set<String> accounted = new HashSet<>(completed.keySet());
    accounted.addAll(faulted.keySet());
    assertThat(accounted)
        .containsExactlyInAnyOrderElementsOf(orders.stream().map(TestOrder::id).toList());
    assertThat(faulted).isNotEmpty().doesNotContainValue(null);
  }

  @Test
  void asyncPersistStoresEveryHandOffInTheDeliveryTable() throws Exception {
    KnobSet knobs = quick().with("middleware.delivery.policy", "async.persist");

    try (MiddlewareTier middleware = fixture.middleware(knobs, "async-persist")) {
      TestOrders.send(
          fixture.endpoints.broker(), TestOrders.orders("dlv", "small", 4, fixture.parties(4)));
      fixture.awaitAccounted(4, Duration.ofSeconds(60));
      await()
          .atMost(Duration.ofSeconds(10))
          .until(
              () ->
                  fixture.count("SELECT count(*) FROM delivery_message WHERE state = 'DONE'")
                      == 4 * 5);
    }

    assertThat(fixture.strings("SELECT DISTINCT destination FROM delivery_message")).hasSize(5);
  }

  @Test
  void xaCommitsEveryStageInTwoPhasesAcrossBrokerAndDatabase() throws Exception {
    KnobSet knobs = xa(quick());
    long prepared = statementCalls("PREPARE TRANSACTION");
    long committed = statementCalls("COMMIT PREPARED");

    try (MiddlewareTier middleware = fixture.middleware(knobs, "xa-sync")) {
      TestOrders.send(
          fixture.endpoints.broker(), TestOrders.orders("xas", "small", 6, fixture.parties(6)));
      fixture.awaitAccounted(6, Duration.ofSeconds(60));
      assertThat(middleware.status().path("xaConnections").asInt()).isEqualTo(15);
    }

    assertThat(fixture.completed()).hasSize(6).containsOnlyKeys(ids("xas", 6));
    long prepares = statementCalls("PREPARE TRANSACTION") - prepared;
    assertThat(prepares).isEqualTo(6 * 5);
    assertThat(statementCalls("COMMIT PREPARED") - committed).isEqualTo(prepares);
    assertThat(fixture.count("SELECT count(*) FROM pg_prepared_xacts")).isZero();
  }

  @Test
  void xaStoresAndAcknowledgesAsyncDeliveriesAtomically() throws Exception {
    KnobSet knobs = xa(quick()).with("middleware.delivery.policy", "async.persist");
    long prepared = statementCalls("PREPARE TRANSACTION");

    try (MiddlewareTier middleware = fixture.middleware(knobs, "xa-async")) {
      TestOrders.send(
          fixture.endpoints.broker(), TestOrders.orders("xaa", "small", 4, fixture.parties(4)));
      fixture.awaitAccounted(4, Duration.ofSeconds(60));
      await()
          .atMost(Duration.ofSeconds(10))
          .until(
              () ->
                  fixture.count("SELECT count(*) FROM delivery_message WHERE state = 'DONE'")
                      == 4 * 5);
    }

    // one two-phase commit to store each hand-off, one to process it
    assertThat(statementCalls("PREPARE TRANSACTION") - prepared).isEqualTo(4 * 5 * 2);
    assertThat(fixture.completed()).containsOnlyKeys(ids("xaa", 4));
  }

  private static KnobSet xa(KnobSet knobs) {
    return knobs
        .with("middleware.transactions", "xa")
        .with("db.server.max_prepared_transactions", "20");
  }

  /** Calls of the statements starting with {@code prefix}, as pg_stat_statements counted them. */
  private static long statementCalls(String prefix) {
    return fixture.count(
        "SELECT coalesce(sum(calls), 0) FROM pg_stat_statements WHERE query LIKE '"
            + prefix
            + "%'");
  }

  private static Set<String> ids(String prefix, int count) {
    Set<String> ids = new HashSet<>();
    for (TestOrder order : TestOrders.orders(prefix, "small", count, fixture.parties(count))) {
      ids.add(order.id());
    }
    return ids;
  }

  @Test
  void asyncPersistRecoversStoredDeliveriesAfterACrash() throws Exception {
    KnobSet knobs =
        quick()
            .with("middleware.delivery.policy", "async.persist")
            .with("middleware.engine.threads", "1");
    List<TestOrder> orders = TestOrders.orders("rcv", "small", 6, fixture.parties(6));
    // BRM hangs: the one engine thread blocks at the first create-customer, so no order can
    // complete before the crash and stored deliveries pile up
    fixture.brm().setLatency(new Latency.Fixed(60_000));
    long unprocessed;
    try (MiddlewareTier crashed = fixture.middleware(knobs, "recovery-crash")) {
      TestOrders.send(fixture.endpoints.broker(), orders);
      await()
          .atMost(Duration.ofSeconds(60))
          .until(
              () ->
                  fixture.count(
                          "SELECT count(*) FROM delivery_message"
                              + " WHERE destination = 'tunelab.create-customer'")
                      >= 1);
      crashed.processes().forEach(ProcessHandle::destroyForcibly);
      await()
          .atMost(Duration.ofSeconds(15))
          .until(() -> crashed.processes().stream().noneMatch(ProcessHandle::isAlive));
      unprocessed = fixture.count("SELECT count(*) FROM delivery_message WHERE state = 'NEW'");
    }
    assertThat(fixture.completed()).isEmpty();
    assertThat(unprocessed).isPositive();
    fixture.brm().setLatency(Latency.NONE);

    try (MiddlewareTier restarted = fixture.middleware(knobs, "recovery-restart")) {
      fixture.awaitAccounted(6, Duration.ofSeconds(60));
      assertThat(restarted.status().path("recoveredDeliveries").asLong()).isEqualTo(unprocessed);
    }

    assertThat(fixture.faulted()).isEmpty();
    assertThat(fixture.completed()).containsOnlyKeys(ids("rcv", 6));
    assertThat(fixture.completed().values()).containsOnly(1);
  }

  @Test
  void theConsumerWindowDecidesHowManyMessagesAConsumerHoldsUnacknowledged() throws Exception {
    // BRM slow and one create-customer consumer: a backlog builds on tunelab.create-customer
    fixture.brm().setLatency(new Latency.Fixed(300));
    KnobSet knobs = quick().with("middleware.consumers.createCustomer", "1");

    long withWindow = heldOnCreateCustomer(knobs, "win", "window-1m");
    fixture.reset();
    fixture.brm().setLatency(new Latency.Fixed(300));
    long withoutWindow =
        heldOnCreateCustomer(
            knobs.with("middleware.consumer.windowBytes", "0"), "nowin", "window-0");

    // without a window the consumer holds the message in hand, and on a busy host the next one for
    // as long as its ack takes to reach the broker (a median of 2 was seen once in many runs); with
    // a window it takes the backlog
    assertThat(withoutWindow)
        .as("held by the one consumer without a window")
        .isLessThanOrEqualTo(2);
    assertThat(withWindow)
        .as("prefetched by the one consumer with a 1 MiB window")
        .isGreaterThan(2)
        .isGreaterThanOrEqualTo(withoutWindow + 2);
  }

  /** Messages delivered to the consumer but unacknowledged while 5+ wait on the queue. */
  private static long heldOnCreateCustomer(KnobSet knobs, String tag, String name)
      throws Exception {
    List<Long> held = new ArrayList<>();
    try (MiddlewareTier middleware = fixture.middleware(knobs, name);
        BrokerManagement management = BrokerManagement.connect(fixture.endpoints.broker())) {
      TestOrders.send(
          fixture.endpoints.broker(), TestOrders.orders(tag, "small", 10, fixture.parties(10)));
      await()
          .atMost(Duration.ofSeconds(30))
          .pollInterval(Duration.ofMillis(50))
          .until(() -> management.queue("tunelab.create-customer").messageCount() >= 5);
      // the median of a few samples while the backlog stands: between one acknowledgement and the
      // next delivery a consumer without a window can show two for an instant
      await()
          .atMost(Duration.ofSeconds(10))
          .pollInterval(Duration.ofMillis(40))
          .until(
              () -> {
                held.add(management.queue("tunelab.create-customer").deliveringCount());
                return held.size() >= 7;
              });
      fixture.awaitAccounted(10, Duration.ofSeconds(60));
    }
    return held.stream().sorted().toList().get(held.size() / 2);
  }

  @Test
  void aBackendSlowerThanTheInvokeTimeoutFaultsTheOrderNamingTheTimeout() throws Exception {
    fixture.brm().setLatency(new Latency.Fixed(2_000));
    KnobSet knobs =
        quick()
            .with("middleware.invoke.timeoutMillis", "200")
            .with("middleware.invoke.retries", "0");

    try (MiddlewareTier middleware = fixture.middleware(knobs, "invoke-timeout")) {
      TestOrders.send(
          fixture.endpoints.broker(), TestOrders.orders("tmo", "small", 2, fixture.parties(2)));
      fixture.awaitAccounted(2, Duration.ofSeconds(60));
    }

    assertThat(fixture.completed()).isEmpty();
    assertThat(fixture.faulted().values())
        .hasSize(2)
        .allSatisfy(
            reason ->
                assertThat(reason)
                    .contains("brm")
                    .contains("failed after 1 attempt(s)")
                    .containsIgnoringCase("timed out"));
  }

  @Test
  void syncDeliveryWritesNoDeliveryRows() throws Exception {
    try (MiddlewareTier middleware = fixture.middleware(quick(), "sync")) {
      TestOrders.send(
          fixture.endpoints.broker(), TestOrders.orders("syn", "small", 3, fixture.parties(3)));
      fixture.awaitAccounted(3, Duration.ofSeconds(60));
    }

    assertThat(fixture.count("SELECT count(*) FROM delivery_message")).isZero();
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
  void fetcherPicksAtMostItsPoolSizePerPollAtItsInterval() throws Exception {
    List<TestOrder> orders = TestOrders.orders("fet", "small", 12, fixture.parties(6));
    fillInbox(orders);
    KnobSet knobs =
        quick()
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
        quick()
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

  @Test
  void aPoisonOrderIsFaultedThenDeadLettered() throws Exception {
    TestOrder poison = new TestOrder("ORD-poison-000001", "small", "none", "<ListOfSalesOrder>");
    long deadBefore;
    try (BrokerManagement broker = BrokerManagement.connect(fixture.endpoints.broker())) {
      deadBefore = broker.queue(BrokerConfig.DEAD_LETTER_QUEUE).messagesAdded();
    }

    try (MiddlewareTier middleware = fixture.middleware(quick(), "poison")) {
      TestOrders.send(fixture.endpoints.broker(), List.of(poison));
      fixture.awaitAccounted(1, Duration.ofSeconds(60));
    }

    assertThat(fixture.faulted().get(poison.id())).contains("dead-lettered").contains("malformed");
    try (BrokerManagement broker = BrokerManagement.connect(fixture.endpoints.broker())) {
      await()
          .atMost(Duration.ofSeconds(10))
          .until(
              () -> broker.queue(BrokerConfig.DEAD_LETTER_QUEUE).messagesAdded() == deadBefore + 1);
    }
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
      assertThat(middleware.log().resolveSibling("diagnostics.log")).content().contains("dia");
    }

    assertThat(fixture.count("SELECT count(*) FROM delivery_message")).isZero();
  }

  /**
   * In {@code local} mode intake commits its message before its instance row, so the next stage can
   * fault the order while that insert is still in flight. The fault must wait for the row, not
   * update nothing: that lost the order's only record (an order neither completed nor faulted).
   */
  @Test
  void aFaultOnAnInstanceWhoseInsertIsInFlightWaitsForItAndIsRecorded() throws Exception {
    Instances instances =
        new Instances(InstancePersistence.ALWAYS, AuditLevel.OFF, StateCompression.NONE);
    try (Connection intake = fixture.connect();
        Connection orchestration = fixture.connect()) {
      intake.setAutoCommit(false);
      orchestration.setAutoCommit(false);
      long instanceId = instances.start(intake, "race-1", System.currentTimeMillis());
      CompletableFuture<Void> fault =
          CompletableFuture.runAsync(
              () -> {
                try {
                  instances.faulted(
                      orchestration,
                      instanceId,
                      "race-1",
                      Stage.ORCHESTRATION,
                      "siebel: fault",
                      Map.of(),
                      "<order/>",
                      List.of());
                  orchestration.commit();
                } catch (SQLException e) {
                  throw new IllegalStateException(e);
                }
              });
      await()
          .atMost(Duration.ofSeconds(20))
          .until(
              () ->
                  fixture.count(
                          "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                              + " AND query LIKE 'INSERT INTO process_instance%'")
                      == 1);
      assertThat(fault).isNotDone();
      intake.commit();
      fault.get(20, TimeUnit.SECONDS);
    }

    assertThat(fixture.faulted()).containsExactly(Map.entry("race-1", "siebel: fault"));
    assertThat(fixture.count("SELECT count(*) FROM process_instance")).isEqualTo(1);
    assertThat(fixture.count("SELECT count(*) FROM instance_state WHERE stage = 'orchestration'"))
        .isEqualTo(1);
  }

  /**
   * A middleware that died between the two phases leaves prepared branches no coordinator will
   * finish: in PostgreSQL they hold their locks (the next purge would wait for good), on the broker
   * the messages they took stay invisible. Before a middleware starts, the harness rolls them back,
   * and only them: another transaction manager's branches, with another format id or node, stay.
   */
  @Test
  void inDoubtBranchesADeadMiddlewareLeftAreRolledBackInTheDatabaseAndOnTheBroker()
      throws Exception {
    String broker = fixture.endpoints.broker();
    byte[] gtrid = ("uid-of-a-dead-one" + XaBranches.MIDDLEWARE_NODE).getBytes(UTF_8);
    String ours = XaBranches.gid(XaBranches.NARAYANA_FORMAT_ID, gtrid, "1".getBytes(UTF_8));
    String theirs = XaBranches.gid(4242, "someone-elses".getBytes(UTF_8), "1".getBytes(UTF_8));
    try {
      prepareInDatabase(ours, "idb-receipt");
      prepareInDatabase(theirs, "idb-other-tm");
      prepareInDatabase("tunelab-it-by-hand", "idb-by-hand");
      TestOrders.send(broker, TestOrders.orders("idb", "small", 2, fixture.parties(2)));
      prepareOnBroker(broker, new XidImpl("b".getBytes(UTF_8), 4242, "other-tm".getBytes(UTF_8)));
      prepareOnBroker(
          broker, new XidImpl("b".getBytes(UTF_8), XaBranches.NARAYANA_FORMAT_ID, gtrid));

      assertThat(fixture.database.rollbackPreparedTransactions()).containsExactly(ours);
      try (BrokerManagement management = BrokerManagement.connect(broker)) {
        assertThat(management.rollbackPreparedTransactions()).hasSize(1);
        assertThat(management.rollbackPreparedTransactions()).isEmpty();
        JsonNode left =
            JSON.readTree(
                (String) management.brokerOperation("listPreparedTransactionDetailsAsJSON"));
        assertThat(left)
            .singleElement()
            .satisfies(b -> assertThat(b.path("xid_format_id").asInt()).isEqualTo(4242));
      }
      // the order our branch took is back on the queue
      try (ServerLocator locator = ActiveMQClient.createServerLocator(broker);
          ClientSessionFactory factory = locator.createSessionFactory();
          ClientSession session = factory.createSession();
          ClientConsumer consumer = session.createConsumer("tunelab.intake")) {
        session.start();
        ClientMessage back = consumer.receive(10_000);
        assertThat(back).isNotNull();
        back.acknowledge();
      }
      assertThat(fixture.strings("SELECT gid FROM pg_prepared_xacts ORDER BY gid"))
          .containsExactlyInAnyOrder(theirs, "tunelab-it-by-hand");
    } finally {
      try (Connection connection = fixture.connect();
          Statement statement = connection.createStatement()) {
        for (String gid : fixture.strings("SELECT gid FROM pg_prepared_xacts")) {
          statement.execute("ROLLBACK PREPARED '" + gid + "'");
        }
      }
      try (BrokerManagement management = BrokerManagement.connect(broker)) {
        for (JsonNode branch :
            JSON.readTree(
                (String) management.brokerOperation("listPreparedTransactionDetailsAsJSON"))) {
          management.brokerOperation(
              "rollbackPreparedTransaction", branch.path("xid_as_base64").asText());
        }
      }
    }
    assertThat(fixture.count("SELECT count(*) FROM order_receipt")).isZero();
  }

  private static void prepareInDatabase(String gid, String orderId) throws SQLException {
    try (Connection dead = fixture.connect();
        Statement statement = dead.createStatement()) {
      statement.execute("BEGIN");
      statement.execute("INSERT INTO order_receipt (order_id) VALUES ('" + orderId + "')");
      statement.execute("PREPARE TRANSACTION '" + gid + "'");
    }
  }

  /** Takes one order off the intake queue in an XA branch and leaves the branch prepared. */
  private static void prepareOnBroker(String broker, Xid xid) throws Exception {
    try (ServerLocator locator = ActiveMQClient.createServerLocator(broker);
        ClientSessionFactory factory = locator.createSessionFactory();
        ClientSession session = factory.createSession(true, false, false)) {
      session.start(xid, XAResource.TMNOFLAGS);
      try (ClientConsumer consumer = session.createConsumer("tunelab.intake")) {
        session.start();
        ClientMessage taken = consumer.receive(10_000);
        assertThat(taken).isNotNull();
        taken.acknowledge();
      }
      session.end(xid, XAResource.TMSUCCESS);
      session.prepare(xid);
    }
  }

  private static long indexScans() {
    return fixture.count(
        "SELECT coalesce(sum(idx_scan), 0) FROM pg_stat_user_indexes"
            + " WHERE indexrelname IN ('xref_data_value_ix', 'xref_data_row_number_ix')");
  }
}
