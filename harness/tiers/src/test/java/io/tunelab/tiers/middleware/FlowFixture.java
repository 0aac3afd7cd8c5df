package io.tunelab.tiers.middleware;

import static org.awaitility.Awaitility.await;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.Latency;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.db.Database;
import io.tunelab.tiers.db.KeptConnection;
import io.tunelab.tiers.mocks.MockEvents;
import io.tunelab.tiers.mocks.MocksClient;
import io.tunelab.tiers.stack.EmbeddedStack;
import io.tunelab.tiers.stack.Stack;
import io.tunelab.tiers.stack.StackConfig;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.awaitility.core.ConditionTimeoutException;

/**
 * One real stack for the middleware ITs: a seeded database with the xref index, the broker and the
 * mocks; each test purges the run tables, resets the mocks and starts its own middleware.
 */
public final class FlowFixture implements AutoCloseable {
  public static final int CUSTOMERS = 200;

  /** XA needs prepared transactions; the default stack allows none. */
  public static final KnobSet STACK_KNOBS =
      KnobSet.defaults().with("db.server.max_prepared_transactions", "20");

  private static final Path LOGS = Path.of("target/order-to-bill-it");

  private static FlowFixture shared;

  public final Stack stack;
  public final Endpoints endpoints;
  public final Database database;

  private final KeptConnection reading = new KeptConnection(this::connect);

  public FlowFixture() {
    stack = TestStack.start(STACK_KNOBS);
    endpoints = stack.endpoints();
    database = new Database(endpoints.db(), endpoints.dbUser(), endpoints.dbPassword());
    database.migrate();
    database.seed(CUSTOMERS);
    database.xrefIndex(true);
  }

  /**
   * The stack the IT classes of this JVM share, started by the first and reset for each: a stack's
   * start was 7-9 s of every class's time. Closed when the JVM exits; a class that changes the
   * stack itself (kills a tier) makes its own.
   */
  public static synchronized FlowFixture shared() {
    if (shared == null) {
      shared = new FlowFixture();
      Runtime.getRuntime().addShutdownHook(new Thread(shared::close, "flow-fixture-close"));
    }
    shared.reset();
    return shared;
  }

  public EmbeddedStack embedded() {
    return (EmbeddedStack) stack;
  }

  public MocksClient siebel() {
    return embedded().mocks().siebel();
  }

  public MocksClient brm() {
    return embedded().mocks().brm();
  }

  public MocksClient driver() {
    return embedded().mocks().client(io.tunelab.core.stack.Backend.DRIVER);
  }

  /**
   * Purges run rows and the messages a test left on the queues, resets mock counters, latency,
   * faults and BRM's answer sizes: a test that set BRM slow or stopped before its orders drained
   * must not slow or feed the next one.
   */
  public void reset() {
    try (BrokerManagement broker = BrokerManagement.connect(endpoints.broker())) {
      broker.purgeQueues();
    }
    database.purge();
    for (MocksClient mock : List.of(siebel(), brm(), driver())) {
      mock.reset();
      mock.setFaultRate(0);
      mock.setLatency(Latency.NONE);
    }
    brm().setRepeats(StackConfig.brmRepeats(KnobSet.defaults()));
  }

  public MiddlewareTier middleware(KnobSet knobs, String name) {
    return MiddlewareTier.start(
        MiddlewareConfig.from(knobs),
        endpoints,
        LOGS.resolve(name),
        OptionalLong.of(ProcessHandle.current().pid()));
  }

  /** Seeded customers' Siebel party ids, the first {@code count}. */
  public List<String> parties(int count) {
    return strings("SELECT party_id FROM customer ORDER BY customer_id LIMIT " + count);
  }

  /** Waits until every order is completed (Siebel updated) or faulted (instance row). */
  public void awaitAccounted(int orders, Duration atMost) {
    try {
      await()
          .atMost(atMost)
          .pollInterval(Duration.ofMillis(250))
          .until(() -> completed().size() + faulted().size() >= orders);
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(
          (completed().size() + faulted().size())
              + " of "
              + orders
              + " orders accounted for after "
              + atMost.toSeconds()
              + " s; "
              + stuck(List.of()),
          e);
    }
  }

  /**
   * Waits until each of {@code ids} is completed or faulted; on timeout says where each missing one
   * was last seen (its receipt, stored deliveries, instance row) and what the queues hold.
   */
  public void awaitAccounted(Collection<String> ids, Duration atMost) {
    try {
      await()
          .atMost(atMost)
          .pollInterval(Duration.ofMillis(250))
          .until(() -> unaccounted(ids).isEmpty());
    } catch (ConditionTimeoutException e) {
      List<String> missing = unaccounted(ids);
      throw new AssertionError(
          missing.size()
              + " of "
              + ids.size()
              + " orders neither completed nor faulted after "
              + atMost.toSeconds()
              + " s; "
              + stuck(missing),
          e);
    }
  }

  private List<String> unaccounted(Collection<String> ids) {
    Set<String> accounted = new HashSet<>(completed().keySet());
    accounted.addAll(faulted().keySet());
    return ids.stream().filter(id -> !accounted.contains(id)).sorted().toList();
  }

  /** Where the missing orders are: their rows in the database, and the queues' contents. */
  private String stuck(List<String> missing) {
    StringBuilder where = new StringBuilder();
    for (String id : missing.subList(0, Math.min(10, missing.size()))) {
      where.append("\n  ").append(id).append(": receipt ");
      where.append(
          strings(
              "SELECT coalesce(crm_updated_at::text, 'unmarked') FROM order_receipt"
                  + " WHERE order_id = '"
                  + id
                  + "'"));
      where.append(", deliveries ");
      where.append(
          strings(
              "SELECT destination || ':' || state FROM delivery_message"
                  + " WHERE order_id = '"
                  + id
                  + "' ORDER BY delivery_id"));
      where.append(", instance ");
      where.append(
          strings(
              "SELECT state || ':' || stage FROM process_instance"
                  + " WHERE conversation_id = '"
                  + id
                  + "'"));
    }
    where.append("\n  queues: ");
    try (BrokerManagement broker = BrokerManagement.connect(endpoints.broker())) {
      broker.queues().values().stream()
          .filter(queue -> queue.messageCount() > 0 || queue.deliveringCount() > 0)
          .forEach(
              queue ->
                  where
                      .append(queue.name())
                      .append(' ')
                      .append(queue.messageCount())
                      .append(" (delivering ")
                      .append(queue.deliveringCount())
                      .append(", consumers ")
                      .append(queue.consumerCount())
                      .append(") "));
    } catch (RuntimeException e) {
      where.append("unreadable: ").append(e);
    }
    return where.toString();
  }

  /** Order ids Siebel was told are complete, with how often. */
  public Map<String, Integer> completed() {
    return keys(siebel(), "UpdateSalesOrder");
  }

  /** Keys of the non-fault answers of one mock operation, with how often each was answered. */
  public static Map<String, Integer> keys(MocksClient mock, String operation) {
    Map<String, Integer> keys = new HashMap<>();
    long since = 0;
    MockEvents page;
    do {
      page = mock.events(since, 10_000);
      for (MockEvents.Event event : page.events()) {
        if (event.operation().equals(operation) && !event.fault()) {
          keys.merge(event.key(), 1, Integer::sum);
        }
      }
      since = page.nextSince();
    } while (page.more());
    return keys;
  }

  /** Faulted orders: id to reason. */
  public Map<String, String> faulted() {
    Map<String, String> faulted = new HashMap<>();
    query(
        "SELECT conversation_id, fault_reason FROM process_instance WHERE state = 'faulted'",
        rows -> faulted.put(rows.getString(1), rows.getString(2)));
    return faulted;
  }

  public long count(String sql) {
    List<String> values = strings(sql);
    return Long.parseLong(values.get(0));
  }

  public List<String> strings(String sql) {
    List<String> values = new ArrayList<>();
    query(sql, rows -> values.add(rows.getString(1)));
    return values;
  }

  /**
   * Runs a query on the fixture's reading connection, opened on first use and kept: the tests poll
   * four times a second while orders drain, and a connection per poll started a PostgreSQL backend
   * (and a SCRAM exchange in this JVM) each time. A connection the database dropped (a test killed
   * it) is opened again once.
   */
  public void query(String sql, RowReader reader) {
    try {
      reading.read(
          connection -> {
            try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
              while (rows.next()) {
                reader.read(rows);
              }
            }
            return null;
          });
    } catch (SQLException e) {
      throw new IllegalStateException(sql + ": " + e.getMessage(), e);
    }
  }

  /** A connection of the test's own, to the stack's database. */
  public Connection connect() throws SQLException {
    return DriverManager.getConnection(endpoints.db(), endpoints.dbUser(), endpoints.dbPassword());
  }

  /** Runs one statement with string parameters. */
  public void update(String sql, String... parameters) {
    try (Connection connection =
            DriverManager.getConnection(
                endpoints.db(), endpoints.dbUser(), endpoints.dbPassword());
        java.sql.PreparedStatement statement = connection.prepareStatement(sql)) {
      for (int i = 0; i < parameters.length; i++) {
        statement.setString(i + 1, parameters[i]);
      }
      statement.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException(sql + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    reading.close();
    stack.close();
  }

  public interface RowReader {
    void read(ResultSet rows) throws SQLException;
  }
}
