package io.tunelab.tiers.middleware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.Latency;
import io.tunelab.middleware.db.Pool;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.mocks.MockEvents;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The middleware's resource knobs have their effect on the real tiers: engine threads and invoke
 * connections bound how many calls BRM serves at once (read from the mock's own arrival times),
 * pgjdbc's prepare threshold and statement cache decide how PostgreSQL executes the middleware's
 * statements (read from the server's statement log), and message persistence decides whether the
 * broker holds the hand-offs durably (read through broker management).
 */
class ResourceKnobsIT {
  private static final int BRM_LATENCY_MILLIS = 150;
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
  void engineThreadsBoundTheBackendCallsInFlight() throws Exception {
    KnobSet knobs = OrderToBillIT.quick().with("middleware.delivery.policy", "async.cache");

    List<JsonNode> saturated = new ArrayList<>();
    int twoThreads =
        brmCallsInFlight(
            knobs.with("middleware.engine.threads", "2"),
            "eng2",
            middleware ->
                // what the observer samples: both threads busy while hand-offs wait for them
                await()
                    .atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(50))
                    .until(
                        () -> {
                          JsonNode status = middleware.status();
                          saturated.add(status);
                          return status.path("engineBusy").asInt() == 2
                              && status.path("engineBacklog").asInt() >= 1;
                        }));
    fixture.reset();
    int sixThreads = brmCallsInFlight(knobs.with("middleware.engine.threads", "6"), "eng6");

    JsonNode status = saturated.get(saturated.size() - 1);
    assertThat(status.path("engineThreads").asInt()).isEqualTo(2);
    assertThat(status.path("engineCapacity").asInt()).isEqualTo(16);

    assertThat(twoThreads).as("BRM calls at once with 2 engine threads").isEqualTo(2);
    assertThat(sixThreads).as("BRM calls at once with 6 engine threads").isGreaterThan(2);
  }

  @Test
  void invokeConnectionsBoundTheBackendCallsInFlight() throws Exception {
    // six consumers on each BRM stage, so threads are not what limits the calls
    KnobSet knobs =
        OrderToBillIT.quick()
            .with("middleware.consumers.createCustomer", "6")
            .with("middleware.consumers.createSubscriptions", "6");

    int twoConnections = brmCallsInFlight(knobs.with("middleware.invoke.connections", "2"), "con2");
    fixture.reset();
    int sixConnections = brmCallsInFlight(knobs.with("middleware.invoke.connections", "6"), "con6");

    assertThat(twoConnections).as("BRM calls at once over 2 connections").isEqualTo(2);
    assertThat(sixConnections).as("BRM calls at once over 6 connections").isGreaterThan(2);
  }

  /** The most BRM calls being served at the same moment while 12 orders flow. */
  private static int brmCallsInFlight(KnobSet knobs, String tag) throws Exception {
    return brmCallsInFlight(knobs, tag, middleware -> {});
  }

  private static int brmCallsInFlight(
      KnobSet knobs, String tag, Consumer<MiddlewareTier> whileFlowing) throws Exception {
    fixture.brm().setLatency(new Latency.Fixed(BRM_LATENCY_MILLIS));
    try (MiddlewareTier middleware = fixture.middleware(knobs, "in-flight-" + tag)) {
      TestOrders.send(
          fixture.endpoints.broker(), TestOrders.orders(tag, "small", 12, fixture.parties(12)));
      whileFlowing.accept(middleware);
      fixture.awaitAccounted(12, Duration.ofSeconds(90));
    }
    assertThat(fixture.faulted()).isEmpty();
    return maxOverlap(fixture.brm().events(0).events(), BRM_LATENCY_MILLIS);
  }

  /**
   * A served event's time is when its answer was due: it arrived one fixed latency earlier, so each
   * call occupied [due - latency, due).
   */
  static int maxOverlap(List<MockEvents.Event> events, long latencyMillis) {
    List<long[]> edges = new ArrayList<>();
    for (MockEvents.Event event : events) {
      edges.add(new long[] {event.epochMillis() - latencyMillis, 1});
      edges.add(new long[] {event.epochMillis(), -1});
    }
    // at equal times an end comes before a start: back-to-back calls on one thread do not overlap
    edges.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
    int now = 0;
    int max = 0;
    for (long[] edge : edges) {
      now += (int) edge[1];
      max = Math.max(max, now);
    }
    return max;
  }

  @Test
  void prepareThresholdAndStatementCacheDecideHowPostgresExecutesTheStatements() throws Exception {
    // two connections, so each one runs the same statements several times
    KnobSet twoConnections = OrderToBillIT.quick().with("middleware.jdbc.poolSize", "2");
    KnobSet prepared = twoConnections.with("middleware.jdbc.prepareThreshold", "1");

    Map<String, Integer> unprepared =
        executions(twoConnections.with("middleware.jdbc.prepareThreshold", "0"), "pt0");
    Map<String, Integer> cached =
        executions(prepared.with("middleware.jdbc.statementCacheQueries", "256"), "pc1");
    Map<String, Integer> uncached =
        executions(prepared.with("middleware.jdbc.statementCacheQueries", "0"), "pc0");

    // pgjdbc prepares batches (the xref inserts) on the server whatever the threshold, and now
    // and then a statement it needs described; the lookups tell: one-shot at 0, named at 1
    assertThat(namedShare(unprepared))
        .as("share of SELECTs run as server-prepared statements at threshold 0: %s", unprepared)
        .isLessThan(0.2);
    assertThat(namedShare(cached))
        .as("share of SELECTs run as server-prepared statements at threshold 1: %s", cached)
        .isGreaterThan(0.8);
    assertThat(perName(cached))
        .as("executions per prepared SELECT with a cache of 256: %s", cached)
        .isGreaterThanOrEqualTo(2);
    assertThat(perName(uncached))
        .as("executions per prepared SELECT without a cache: %s", uncached)
        .isLessThan(perName(cached) / 2);
  }

  private static final String UNNAMED = "<unnamed>";
  private static final Pattern EXECUTE =
      Pattern.compile(" " + Pool.APPLICATION_NAME + " LOG:  execute ([^:]+): (\\w+)");
  // pgjdbc prepares its own BEGIN/COMMIT once per connection whatever the threshold
  private static final Set<String> TRANSACTION_CONTROL = Set.of("BEGIN", "COMMIT", "ROLLBACK");

  /** How often PostgreSQL executed the middleware's SELECTs, by server-side statement name. */
  private static Map<String, Integer> executions(KnobSet knobs, String tag) throws Exception {
    // the count of accounted orders is since the last reset: without one, a second call would
    // stop its middleware before it ran a single order
    fixture.reset();
    Path log = fixture.embedded().db().log();
    long from = Files.size(log);
    fixture.update("ALTER SYSTEM SET log_statement = 'all'");
    fixture.update("ALTER SYSTEM SET log_line_prefix = '%m [%p] %a '");
    fixture.strings("SELECT pg_reload_conf()");
    // the postmaster reads its configuration when it gets to the signal: new sessions must log
    await().until(() -> fixture.strings("SHOW log_statement").equals(List.of("all")));
    try (MiddlewareTier middleware = fixture.middleware(knobs, "jdbc-" + tag)) {
      // 12 orders over 2 connections: a cached statement runs about 4 times under one name, far
      // from the 1-2 times an uncached one may (pgjdbc reuses a name within one statement object)
      TestOrders.send(
          fixture.endpoints.broker(), TestOrders.orders(tag, "small", 12, fixture.parties(12)));
      fixture.awaitAccounted(12, Duration.ofSeconds(90));
    } finally {
      fixture.update("ALTER SYSTEM RESET log_statement");
      fixture.update("ALTER SYSTEM RESET log_line_prefix");
      fixture.strings("SELECT pg_reload_conf()");
    }
    Map<String, Integer> executions = new TreeMap<>();
    String written;
    try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
      byte[] bytes = new byte[(int) (file.length() - from)];
      file.seek(from);
      file.readFully(bytes);
      written = new String(bytes, StandardCharsets.UTF_8);
    }
    Files.writeString(Path.of("target/order-to-bill-it/jdbc-" + tag + "/postgres.log"), written);
    Matcher execute = EXECUTE.matcher(written);
    while (execute.find()) {
      String name = execute.group(1);
      if (TRANSACTION_CONTROL.contains(execute.group(2))) {
        continue;
      }
      if (execute.group(2).equals("SELECT")) {
        executions.merge(name, 1, Integer::sum);
      }
    }
    assertThat(executions).as("the middleware's statements in %s", log).isNotEmpty();
    return executions;
  }

  private static double namedShare(Map<String, Integer> executions) {
    int all = executions.values().stream().mapToInt(Integer::intValue).sum();
    return 1 - executions.getOrDefault(UNNAMED, 0) / (double) all;
  }

  /** Executions per server-prepared statement name. */
  private static double perName(Map<String, Integer> executions) {
    Map<String, Integer> named = new TreeMap<>(executions);
    named.remove(UNNAMED);
    return named.isEmpty()
        ? 0
        : named.values().stream().mapToInt(Integer::intValue).sum() / (double) named.size();
  }

  @Test
  void persistentMessagesAreHeldDurablyByTheBroker() throws Exception {
    long[] persistent = heldOnCreateCustomer("true", "dur");
    fixture.reset();
    long[] nonPersistent = heldOnCreateCustomer("false", "mem");

    // the two counts are read one after the other while the consumer takes messages
    assertThat(persistent[0])
        .as("durable of %d waiting, persistent", persistent[1])
        .isGreaterThan(1);
    assertThat(nonPersistent[0])
        .as("durable of %d waiting, non-persistent", nonPersistent[1])
        .isZero();
  }

  /** {durable, all} messages waiting on create-customer while one slow consumer works. */
  private static long[] heldOnCreateCustomer(String persistent, String tag) throws Exception {
    fixture.brm().setLatency(new Latency.Fixed(BRM_LATENCY_MILLIS));
    KnobSet knobs =
        OrderToBillIT.quick()
            .with("middleware.messages.persistent", persistent)
            .with("middleware.consumers.createCustomer", "1")
            .with("middleware.consumer.windowBytes", "0");
    long[] counts = new long[2];
    try (MiddlewareTier middleware = fixture.middleware(knobs, "persistent-" + persistent);
        BrokerManagement broker = BrokerManagement.connect(fixture.endpoints.broker())) {
      TestOrders.send(
          fixture.endpoints.broker(), TestOrders.orders(tag, "small", 8, fixture.parties(8)));
      await()
          .atMost(Duration.ofSeconds(30))
          .pollInterval(Duration.ofMillis(50))
          .until(
              () -> {
                // all waiting first, then the durable ones: read the other way round, an empty
                // queue's durable count could be paired with a backlog that built just after
                counts[1] =
                    ((Number) broker.queueAttribute("tunelab.create-customer", "messageCount"))
                        .longValue();
                counts[0] =
                    ((Number)
                            broker.queueAttribute("tunelab.create-customer", "durableMessageCount"))
                        .longValue();
                return counts[1] >= 3;
              });
      fixture.awaitAccounted(8, Duration.ofSeconds(60));
    }
    assertThat(fixture.completed()).hasSize(8);
    return counts;
  }
}
