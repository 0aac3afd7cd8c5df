package io.tunelab.run.plans.batchorder.drain;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.tiers.RuntimeDir;
import io.tunelab.tiers.TunelabHome;
import io.tunelab.tiers.db.Database;
import io.tunelab.tiers.db.DbConfig;
import io.tunelab.tiers.db.PostgresTier;
import io.tunelab.tiers.mocks.MocksConfig;
import io.tunelab.tiers.mocks.MocksTier;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Drain accounting over the real sources: UpdateSalesOrder calls answered by the Siebel mock, and
 * faulted {@code process_instance} rows in a migrated PostgreSQL.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DrainAccountingIT {
  private static final String UPDATE_ACTION =
      "\"document/http://siebel.com/SalesOrder:UpdateSalesOrder\"";

  private final HttpClient http = HttpClient.newHttpClient();
  private Path dir;
  private PostgresTier db;
  private MocksTier mocks;
  private PGSimpleDataSource dataSource;
  private String updateExample;

  @BeforeAll
  void start() throws Exception {
    OptionalLong owner = OptionalLong.of(ProcessHandle.current().pid());
    dir = RuntimeDir.root().resolve("it-load").resolve("drain-" + UUID.randomUUID());
    db = PostgresTier.start(DbConfig.defaults(), dir.resolve("db"), owner);
    new Database(db.jdbcUrl(), db.user(), db.password(), TunelabHome.locate().db()).migrate();
    dataSource = new PGSimpleDataSource();
    dataSource.setURL(db.jdbcUrl());
    dataSource.setUser(db.user());
    dataSource.setPassword(db.password());
    mocks =
        MocksTier.start(
            MocksConfig.defaults(), TunelabHome.locate().mocks(), dir.resolve("mocks"), owner);
    updateExample =
        Files.readString(
            TunelabHome.locate().mocks().resolve("examples/siebel/UpdateSalesOrder.xml"));
  }

  @AfterAll
  void stop() {
    if (mocks != null) {
      mocks.close();
    }
    if (db != null) {
      db.close();
    }
    deleteTree(dir);
  }

  private static void deleteTree(Path root) {
    if (root == null || !Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void accountsCompletedAndFaultedOrdersFromTheMockAndTheDatabase() throws Exception {
    Map<String, Long> sent = sent("ORD-drain-", 5);
    long since = mocks.siebel().events(0, 1).lastSequence();
    fault("ORD-drain-000002", "BRM CreateCustomer: account exists");
    fault("ORD-other-000001", "another run");
    DrainWatcher watcher =
        new DrainWatcher(
            new MocksCompletions(mocks.siebel(), since),
            new FaultedOrders(dataSource, "ORD-drain-"),
            Duration.ofMillis(100),
            Duration.ofSeconds(30));
    CompletableFuture<DrainResult> drain =
        CompletableFuture.supplyAsync(() -> await(watcher, sent));

    for (String id : new String[] {"ORD-drain-000001", "ORD-drain-000003", "ORD-drain-000004"}) {
      update(id);
    }
    update("ORD-drain-000005");

    DrainResult result = drain.get(60, TimeUnit.SECONDS);
    assertThat(result.complete()).isTrue();
    Accounting accounting = result.accounting();
    assertThat(accounting.valid()).as(accounting.message()).isTrue();
    assertThat(accounting.completed()).isEqualTo(4);
    assertThat(accounting.faulted()).isEqualTo(1);
    assertThat(accounting.faults())
        .containsExactly(Map.entry("ORD-drain-000002", "BRM CreateCustomer: account exists"));
    assertThat(accounting.metrics().completedOrders()).isEqualTo(4);
    assertThat(accounting.metrics().ordersPerMinute()).isPositive();
  }

  @Test
  void aStalledBatchEndsIncompleteWithItsLostAndDuplicatedOrders() throws Exception {
    Map<String, Long> sent = sent("ORD-stall-", 2);
    long since = mocks.siebel().events(0, 1).lastSequence();
    update("ORD-stall-000001");
    update("ORD-stall-000001");
    Duration noProgress = Duration.ofSeconds(1);

    DrainResult result =
        new DrainWatcher(
                new MocksCompletions(mocks.siebel(), since),
                new FaultedOrders(dataSource, "ORD-stall-"),
                Duration.ofMillis(100),
                noProgress)
            .await(sent, Set.of());

    assertThat(result.complete()).isFalse();
    assertThat(result.waited()).isGreaterThanOrEqualTo(noProgress);
    assertThat(result.lost()).containsExactly("ORD-stall-000002");
    assertThat(result.accounting().duplicated()).containsExactly("ORD-stall-000001");
    assertThat(result.accounting().message())
        .startsWith("INVALID RUN")
        .contains("1 LOST: ORD-stall-000002");
  }

  @Test
  void anotherBatchsOrderAnsweredInTheWindowIsUnexpectedAndTheBatchInvalid() throws Exception {
    Map<String, Long> sent = sent("ORD-mine-", 2);
    long since = mocks.siebel().events(0, 1).lastSequence();
    update("ORD-mine-000001");
    update("ORD-left-over-000007");
    update("ORD-mine-000002");

    DrainResult result =
        new DrainWatcher(
                new MocksCompletions(mocks.siebel(), since),
                new FaultedOrders(dataSource, "ORD-mine-"),
                Duration.ofMillis(100),
                Duration.ofSeconds(30))
            .await(sent, Set.of());

    assertThat(result.complete()).isTrue();
    Accounting accounting = result.accounting();
    assertThat(accounting.completed()).isEqualTo(2);
    assertThat(accounting.unexpected()).containsExactly("ORD-left-over-000007");
    assertThat(accounting.valid()).isFalse();
    assertThat(accounting.message()).contains("1 UNEXPECTED").endsWith("ORD-left-over-000007");
  }

  private static Map<String, Long> sent(String prefix, int orders) {
    Map<String, Long> sent = new LinkedHashMap<>();
    long now = System.currentTimeMillis();
    for (int n = 1; n <= orders; n++) {
      sent.put(prefix + String.format("%06d", n), now);
    }
    return sent;
  }

  private static DrainResult await(DrainWatcher watcher, Map<String, Long> sent) {
    try {
      return watcher.await(sent, Set.of());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private void update(String orderId) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(mocks.siebelUrl() + "/eai_enu/start.swe"))
            .header("Content-Type", "text/xml; charset=utf-8")
            .header("SOAPAction", UPDATE_ACTION)
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    updateExample.replace("1-8ORD42", orderId), StandardCharsets.UTF_8))
            .build();
    HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(response.body()).contains(orderId);
  }

  private void fault(String orderId, String reason) throws Exception {
    try (Connection connection = dataSource.getConnection();
        PreparedStatement insert =
            connection.prepareStatement(
                "INSERT INTO process_instance (flow, conversation_id, state, fault_reason, ended_at)"
                    + " VALUES ('order-to-bill', ?, 'faulted', ?, now())")) {
      insert.setString(1, orderId);
      insert.setString(2, reason);
      insert.executeUpdate();
    }
  }
}
