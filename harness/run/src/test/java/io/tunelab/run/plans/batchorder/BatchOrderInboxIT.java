package io.tunelab.run.plans.batchorder;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.measure.JtlRecord;
import io.tunelab.tiers.TunelabHome;
import io.tunelab.tiers.db.Database;
import io.tunelab.tiers.db.DbConfig;
import io.tunelab.tiers.db.DbTestDirs;
import io.tunelab.tiers.db.PostgresTier;
import io.tunelab.tiers.jmeter.LoadGenerator;
import io.tunelab.tiers.jmeter.LoadItBroker;
import io.tunelab.tiers.jmeter.LoadRun;
import io.tunelab.tiers.jmeter.TestLoad;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The batch-order plan's inbox sink, run by the load tier's JVM against a real PostgreSQL: the
 * orders arrive as rows of {@code order_inbox}, through JMeter's JDBC pool with the password passed
 * outside the command line (the cluster's TCP connections need it: scram-sha-256).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BatchOrderInboxIT {
  private static final Duration TIMEOUT = Duration.ofMinutes(2);
  private static final String NO_BROKER = "tcp://127.0.0.1:1";

  private Path dir;
  private PostgresTier db;
  private LoadGenerator runner;

  @BeforeAll
  void start() {
    dir = DbTestDirs.fresh("inbox-sink");
    db = PostgresTier.start(DbConfig.defaults(), dir, DbTestDirs.ownedByThisJvm());
    new Database(db.jdbcUrl(), db.user(), db.password(), TunelabHome.locate().db()).migrate();
    runner = TestLoad.shared();
  }

  @AfterAll
  void stop() {
    if (db != null) {
      db.close();
    }
    DbTestDirs.delete(dir);
  }

  @BeforeEach
  void emptyTheInbox() throws Exception {
    try (Connection c = connect();
        Statement s = c.createStatement()) {
      s.execute("TRUNCATE order_inbox");
    }
  }

  private BatchOrderPlan plan(int orders, int threads, String tag, String password, boolean held) {
    return new BatchOrderPlan(
            NO_BROKER, "unused", orders, threads, 9, SizeMix.parse("1:1:1"), 50, 0, tag, true)
        .intoInbox(new BatchOrderPlan.Inbox(db.jdbcUrl(), db.user(), password, held));
  }

  @Test
  void insertsEveryOrderOfTheBatchOnceWithItsBodyAndSize() throws Exception {
    BatchOrderPlan plan = plan(30, 3, "in1", db.password(), false);

    LoadRun run = runner.run(plan.loadPlan(), fresh("new"), TIMEOUT);

    assertThat(run.succeeded()).as("exit status, see %s", run.log()).isTrue();
    List<Row> rows = rows();
    assertThat(rows)
        .extracting(Row::orderId)
        .containsExactlyInAnyOrderElementsOf(
            LongStream.rangeClosed(1, 30).mapToObj(plan::orderId).toList());
    Map<String, Integer> bytes = Map.of("small", 3_000, "medium", 12_000, "large", 45_000);
    assertThat(rows)
        .allSatisfy(
            row -> {
              assertThat(row.status()).isEqualTo("NEW");
              assertThat(row.payload()).contains("<OrderId>" + row.orderId() + "</OrderId>");
              assertThat(row.payload()).contains("<SizeClass>" + row.sizeClass() + "</SizeClass>");
              assertThat(row.payload()).hasSize(bytes.get(row.sizeClass()));
            });
    assertThat(rows).extracting(Row::sizeClass).contains("small", "medium", "large");
    List<JtlRecord> records = run.records();
    assertThat(records).extracting(r -> r.get("orderId")).hasSize(30).doesNotHaveDuplicates();
    assertThat(records).extracting(JtlRecord::label).containsOnly("insert");
    assertThat(records).allSatisfy(record -> assertThat(record.success()).isTrue());
    assertThat(Files.readString(run.log())).doesNotContain("jdbcPassword=" + db.password());
  }

  @Test
  void twoEnginesInsertEveryOrderOnceAndNoLogHoldsThePassword() throws Exception {
    BatchOrderPlan plan = plan(21, 2, "in4", db.password(), false);

    LoadRun run = TestLoad.onEngines(2).run(plan.loadPlan(), fresh("engines"), TIMEOUT);

    assertThat(run.succeeded()).as("exit status, see %s", run.log()).isTrue();
    assertThat(rows())
        .extracting(Row::orderId)
        .containsExactlyInAnyOrderElementsOf(
            LongStream.rangeClosed(1, 21).mapToObj(plan::orderId).toList());
    assertThat(run.records()).extracting(r -> r.get("orderId")).hasSize(21).doesNotHaveDuplicates();
    assertThat(run.records().stream().map(r -> r.engine().orElseThrow()).distinct())
        .as("both engines inserted")
        .hasSize(2);
    // the password travels to each engine as a JMeter property: JMeter logs those it sends
    for (Path log :
        logsUnder(run.jtl().getParent(), TestLoad.enginesDir(), Path.of("target/it/load-server"))) {
      assertThat(Files.readString(log)).as(log.toString()).doesNotContain(db.password());
    }
  }

  private static List<Path> logsUnder(Path... dirs) throws IOException {
    List<Path> logs = new java.util.ArrayList<>();
    for (Path dir : dirs) {
      try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
        files.filter(f -> f.toString().endsWith(".log")).forEach(logs::add);
      }
    }
    return logs;
  }

  @Test
  void aHeldBatchWaitsInTheHeldStatus() throws Exception {
    LoadRun run =
        runner.run(plan(8, 2, "in2", db.password(), true).loadPlan(), fresh("held"), TIMEOUT);

    assertThat(run.succeeded()).as("exit status, see %s", run.log()).isTrue();
    assertThat(rows()).hasSize(8).allSatisfy(row -> assertThat(row.status()).isEqualTo("HELD"));
  }

  @Test
  void aWrongPasswordFailsEveryInsertAndSaysWhy() throws Exception {
    LoadRun run = runner.run(plan(3, 1, "in3", "wrong", false).loadPlan(), fresh("wrong"), TIMEOUT);

    assertThat(rows()).isEmpty();
    assertThat(run.records())
        .hasSize(3)
        .allSatisfy(
            record -> {
              assertThat(record.success()).isFalse();
              assertThat(record.responseMessage()).containsIgnoringCase("password");
            });
  }

  private record Row(String orderId, String sizeClass, String status, String payload) {}

  private List<Row> rows() throws Exception {
    List<Row> rows = new ArrayList<>();
    try (Connection c = connect();
        Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery("SELECT order_id, size_class, status, payload FROM order_inbox")) {
      while (r.next()) {
        rows.add(new Row(r.getString(1), r.getString(2), r.getString(3), r.getString(4)));
      }
    }
    return rows;
  }

  private Connection connect() throws Exception {
    return DriverManager.getConnection(db.jdbcUrl(), db.user(), db.password());
  }

  private static Path fresh(String name) throws Exception {
    return LoadItBroker.freshDir("inbox-" + name);
  }
}
