package io.tunelab.tiers.middleware;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.Latency;
import io.tunelab.tiers.XaBranches;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.middleware.TestOrders.TestOrder;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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

/**
 * How the order-to-bill flow hands an order from stage to stage: the delivery policies (sync, async
 * with a delivery table, XA across broker and database), the consumers' window, and what a
 * middleware that died leaves in doubt.
 */
class OrderDeliveryIT {
  private static final ObjectMapper JSON = new ObjectMapper();
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
  void asyncPersistStoresEveryHandOffInTheDeliveryTable() throws Exception {
    KnobSet knobs = OrderToBillIT.quick().with("middleware.delivery.policy", "async.persist");

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
    KnobSet knobs = xa(OrderToBillIT.quick());
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
    KnobSet knobs = xa(OrderToBillIT.quick()).with("middleware.delivery.policy", "async.persist");
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
        OrderToBillIT.quick()
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
      // each stored row handed on once: by the start's recovery, or by a redelivery of its
      // message that claimed it first
      JsonNode status = restarted.status();
      assertThat(
              status.path("recoveredDeliveries").asLong()
                  + status.path("resumedDeliveries").asLong())
          .isEqualTo(unprocessed);
    }

    assertThat(fixture.faulted()).isEmpty();
    assertThat(fixture.completed()).containsOnlyKeys(ids("rcv", 6));
    assertThat(fixture.completed().values()).containsOnly(1);
  }

  /**
   * A delivery whose row reached the database but whose commit's answer did not (the database died
   * in between) is rolled back and comes again: the row is there, NEW, and no engine thread holds
   * it. The redelivery hands it on; left to the next start's recovery, the order waited for a
   * restart. The row is written here as that lost commit left it; the message's first delivery then
   * finds it, as the redelivery would.
   */
  @Test
  void asyncPersistHandsOnAStoredRowThatNoEngineThreadHolds() throws Exception {
    KnobSet knobs = OrderToBillIT.quick().with("middleware.delivery.policy", "async.persist");
    List<TestOrder> orders = TestOrders.orders("indoubt", "small", 3, fixture.parties(3));
    TestOrder inDoubt = orders.get(0);

    try (MiddlewareTier middleware = fixture.middleware(knobs, "in-doubt-store")) {
      // after the start's recovery, which would have taken it: a core message has no JMS
      // message id, so the consumer names it by its queue and order id
      fixture.update(
          "INSERT INTO delivery_message (message_id, destination, order_id, payload)"
              + " VALUES (?, 'tunelab.intake', ?, ?)",
          "tunelab.intake:" + inDoubt.id(),
          inDoubt.id(),
          inDoubt.xml());
      TestOrders.send(fixture.endpoints.broker(), orders);
      fixture.awaitAccounted(ids("indoubt", 3), Duration.ofSeconds(60));
      assertThat(middleware.status().path("recoveredDeliveries").asLong()).isZero();
      assertThat(middleware.status().path("resumedDeliveries").asLong()).isEqualTo(1);
    }

    assertThat(fixture.faulted()).isEmpty();
    assertThat(fixture.completed()).containsOnlyKeys(ids("indoubt", 3));
    assertThat(fixture.completed().values()).containsOnly(1);
    assertThat(
            fixture.strings(
                "SELECT state FROM delivery_message WHERE message_id = 'tunelab.intake:"
                    + inDoubt.id()
                    + "'"))
        .containsExactly("DONE");
  }

  @Test
  void theConsumerWindowDecidesHowManyMessagesAConsumerHoldsUnacknowledged() throws Exception {
    // BRM slow and one create-customer consumer: a backlog builds on tunelab.create-customer
    fixture.brm().setLatency(new Latency.Fixed(300));
    KnobSet knobs = OrderToBillIT.quick().with("middleware.consumers.createCustomer", "1");

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
  void syncDeliveryWritesNoDeliveryRows() throws Exception {
    try (MiddlewareTier middleware = fixture.middleware(OrderToBillIT.quick(), "sync")) {
      TestOrders.send(
          fixture.endpoints.broker(), TestOrders.orders("syn", "small", 3, fixture.parties(3)));
      fixture.awaitAccounted(3, Duration.ofSeconds(60));
    }

    assertThat(fixture.count("SELECT count(*) FROM delivery_message")).isZero();
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
}
