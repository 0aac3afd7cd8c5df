package io.tunelab.tiers.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import io.tunelab.tiers.TunelabHome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The controller's database steps against one real server: migrate, seed, index, purge. */
class DatabaseIT {
  /** The studies' cross-reference lookup, as the middleware runs it. */
  static final String XREF_LOOKUP =
      "SELECT value FROM xref_data WHERE xref_table_name = ? AND xref_column_name = ?"
          + " AND row_number IN (SELECT row_number FROM xref_data WHERE xref_table_name = ?"
          + " AND xref_column_name = ? AND value = ? AND is_deleted = 'N')";

  private static Path dir;
  private static PostgresTier tier;
  private static Database database;
  private static List<AppliedMigration> firstMigration;

  @BeforeAll
  static void startAndMigrate() {
    dir = DbTestDirs.fresh("database");
    tier = PostgresTier.start(DbConfig.defaults(), dir, DbTestDirs.ownedByThisJvm());
    database =
        new Database(tier.jdbcUrl(), tier.user(), tier.password(), TunelabHome.locate().db());
    firstMigration = database.migrate();
    SeedResult seed = database.seed(Database.DEFAULT_CUSTOMERS);
    System.out.printf(
        "migrations: %s; seed of %d customers: %d ms%n",
        firstMigration, seed.customers(), seed.millis());
  }

  @AfterAll
  static void stop() {
    if (tier != null) {
      tier.close();
    }
    DbTestDirs.delete(dir);
  }

  @Test
  void migrationsApplyOnce() {
    assertThat(firstMigration).extracting(AppliedMigration::version).startsWith("1", "2", "3", "4");
    assertThat(database.migrate()).isEmpty();
  }

  @Test
  void seedsAtLeastAThousandCustomersWithAccountsProductsAndMappings() throws Exception {
    SeedResult seed = database.seed(Database.DEFAULT_CUSTOMERS);

    assertThat(seed.changed()).isFalse();
    assertThat(seed.customers()).isGreaterThanOrEqualTo(1000);
    assertThat(seed.products()).isGreaterThanOrEqualTo(50);
    assertThat(seed.xrefRows()).isEqualTo(3L * 2 * seed.customers() + 3L * seed.products());
    assertThat(number("SELECT count(*) FROM billing_account")).isEqualTo(seed.customers());
  }

  @Test
  void theStudiesLookupMapsASiebelPartyToItsBrmAccount() throws Exception {
    database.seed(Database.DEFAULT_CUSTOMERS);
    try (Connection connection = connect();
        Statement statement = connection.createStatement();
        ResultSet customer =
            statement.executeQuery(
                "SELECT c.party_id, a.account_poid FROM customer c"
                    + " JOIN billing_account a USING (customer_id) WHERE c.customer_id = 417")) {
      customer.next();
      // Fixed by the seed's definition, on every machine (db/README.md shows this customer).
      assertThat(customer.getString(1)).isEqualTo("1-1YS0F");
      assertThat(customer.getString(2)).isEqualTo("0.0.0.1 /account 100417");
      assertThat(
              lookup(
                  connection, "CUSTOMERPARTY_PARTYID", "SEBL_01", customer.getString(1), "BRM_01"))
          .containsExactly(customer.getString(2));
    }
  }

  @Test
  void seedIsDeterministic() throws Exception {
    database.seed(1000);
    String first = setupChecksum();

    SeedResult other = database.seed(1200);
    assertThat(other.changed()).isTrue();
    assertThat(other.customers()).isEqualTo(1200);
    assertThat(setupChecksum()).isNotEqualTo(first);

    assertThat(database.seed(1000).changed()).isTrue();
    assertThat(setupChecksum()).isEqualTo(first);
    assertThat(database.seed(1000).changed()).isFalse();
    assertThat(setupChecksum()).isEqualTo(first);
  }

  @Test
  void rejectsACustomerCountOutOfRange() {
    assertThatThrownBy(() -> database.seed(0))
        .isInstanceOf(BadInputException.class)
        .hasMessage("customers must be 1..1000000, was 0");
  }

  @Test
  void xrefIndexIsUsedWhenPresentAndScannedWithout() throws Exception {
    database.seed(Database.DEFAULT_CUSTOMERS);
    try {
      database.xrefIndex(true);
      database.xrefIndex(true);
      database.analyze();
      assertThat(database.xrefIndexPresent()).isTrue();
      assertThat(indexesOnXref()).containsAll(Database.XREF_INDEXES);
      String indexed = explainLookup();
      assertThat(indexed)
          .contains("Index Scan", "xref_data_value_ix", "xref_data_row_number_ix")
          .doesNotContain("Seq Scan on xref_data");

      database.xrefIndex(false);
      database.xrefIndex(false);
      database.analyze();
      assertThat(database.xrefIndexPresent()).isFalse();
      assertThat(indexesOnXref()).doesNotContainAnyElementsOf(Database.XREF_INDEXES);
      assertThat(explainLookup()).contains("Seq Scan on xref_data").doesNotContain("Index");
    } finally {
      database.xrefIndex(false);
    }
  }

  @Test
  void purgeRemovesRunRowsAndKeepsSetupRows() throws Exception {
    database.seed(Database.DEFAULT_CUSTOMERS);
    database.purge();
    String setup = setupChecksum();
    try (Connection connection = connect();
        Statement statement = connection.createStatement()) {
      statement.execute(
          "INSERT INTO process_instance (flow, conversation_id, state)"
              + " SELECT 'order-to-bill', 'ORD-' || i, 'completed' FROM generate_series(1, 5) i");
      statement.execute(
          "INSERT INTO audit_detail (instance_id, activity, payload, payload_bytes)"
              + " SELECT i % 5 + 1, 'receive', '<order/>', 8 FROM generate_series(1, 7) i");
      statement.execute(
          "INSERT INTO instance_state (instance_id, stage, encoding, state, state_bytes)"
              + " SELECT i, 'intake', 'xml', convert_to('<instance/>', 'UTF8'), 11"
              + " FROM generate_series(1, 3) i");
      statement.execute(
          "INSERT INTO delivery_message (message_id, destination, order_id, payload)"
              + " VALUES ('ID:1', 'orders.intake', 'ORD-1', '<order/>')");
      statement.execute(
          "INSERT INTO order_inbox (order_id, payload, size_class)"
              + " VALUES ('ORD-1', '<order/>', 'small'), ('ORD-2', '<order/>', 'large')");
      statement.execute(
          "INSERT INTO request_tracking (operation, customer_id, status)"
              + " VALUES ('balanceSummary', '1-00417', 'completed')");
      statement.execute(
          "INSERT INTO xref_data (xref_table_name, xref_column_name, row_number, value)"
              + " VALUES ('SALESORDER_ID', 'SEBL_01', 'R1', 'ORD-1'),"
              + " ('SALESORDER_ID', 'BRM_01', 'R1', '0.0.0.1 /order 1'),"
              + " ('SUBSCRIPTION_ID', 'BRM_01', 'R2', '0.0.0.1 /service 1')");
      statement.execute(
          "UPDATE xref_data SET last_accessed = now() WHERE origin = 'seed'"
              + " AND xref_table_name = 'ITEM_ITEMID'");
    }
    assertThat(setupChecksum()).isNotEqualTo(setup);

    Map<String, Long> removed = database.purge();

    assertThat(removed)
        .containsEntry("process_instance", 5L)
        .containsEntry("audit_detail", 7L)
        .containsEntry("instance_state", 3L)
        .containsEntry("delivery_message", 1L)
        .containsEntry("order_inbox", 2L)
        .containsEntry("request_tracking", 1L)
        .containsEntry("xref_data", 3L)
        .containsEntry("xref_data (seed rows restored)", 180L);
    for (String table :
        List.of(
            "process_instance",
            "audit_detail",
            "instance_state",
            "delivery_message",
            "order_inbox",
            "request_tracking")) {
      assertThat(number("SELECT count(*) FROM " + table)).as(table).isZero();
    }
    assertThat(number("SELECT count(*) FROM xref_data WHERE origin = 'run'")).isZero();
    assertThat(setupChecksum()).isEqualTo(setup);
    assertThat(number("SELECT count(*) FROM customer")).isEqualTo(Database.DEFAULT_CUSTOMERS);
  }

  /**
   * A session that holds a transaction on a purged table (a middleware stuck on a send the broker
   * refuses) ends the purge at its lock timeout, naming the session, instead of a run that waits
   * for ever.
   */
  @Test
  void aTransactionHoldingAPurgedTableEndsThePurgeAtItsLockTimeoutNamingTheSession()
      throws Exception {
    try (Connection stuck =
            DriverManager.getConnection(tier.jdbcUrl(), tier.user(), tier.password());
        Statement statement = stuck.createStatement()) {
      stuck.setAutoCommit(false);
      statement.execute(
          "INSERT INTO process_instance (flow, conversation_id, state) VALUES ('order-to-bill',"
              + " 'ORD-stuck-1', 'running')");
      int pid;
      try (ResultSet rows = statement.executeQuery("SELECT pg_backend_pid()")) {
        rows.next();
        pid = rows.getInt(1);
      }

      assertThatThrownBy(() -> database.purge(1))
          .isInstanceOf(DatabaseException.class)
          .hasMessageContaining("a lock it needs stayed taken for 1 s: held by pid " + pid)
          .hasMessageContaining("idle in transaction, its transaction open ")
          .hasMessageContaining("last statement: SELECT pg_backend_pid()");
      stuck.rollback();
    }
    assertThat(database.purge()).isNotNull();
  }

  @Test
  void aDatabaseTunelabDidNotMigrateIsNeverPurgedNorRolledBack() throws Exception {
    try (Connection connection = connect();
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE DATABASE someone_elses");
    }
    String url = ServerLaunch.jdbcUrl(tier.port(), "someone_elses");
    try (Connection connection = DriverManager.getConnection(url, tier.user(), tier.password());
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE orders (id int)");
      statement.execute("INSERT INTO orders VALUES (1)");
    }
    Database foreign = new Database(url, tier.user(), tier.password(), TunelabHome.locate().db());

    assertThat(database.marked()).isTrue();
    assertThat(foreign.marked()).isFalse();
    assertThatThrownBy(foreign::purge)
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("someone_elses does not carry tunelab's marker (the table")
        .hasMessageContaining("will not purge run data")
        .hasMessageContaining("--provider embedded");
    assertThatThrownBy(foreign::rollbackPreparedTransactions)
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("will not roll back prepared transactions");
    assertThatThrownBy(foreign::migrate)
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("holds tables that are not tunelab's")
        .hasMessageContaining("an empty database made for tunelab");
    try (Connection connection = DriverManager.getConnection(url, tier.user(), tier.password());
        ResultSet rows = connection.createStatement().executeQuery("SELECT count(*) FROM orders")) {
      rows.next();
      assertThat(rows.getLong(1)).isEqualTo(1);
    }
  }

  @Test
  void anEmptyDatabaseIsMigratedAndMarkedAsTunelabs() throws Exception {
    try (Connection connection = connect();
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE DATABASE made_for_tunelab");
    }
    Database empty =
        new Database(
            ServerLaunch.jdbcUrl(tier.port(), "made_for_tunelab"),
            tier.user(),
            tier.password(),
            TunelabHome.locate().db());
    assertThat(empty.marked()).isFalse();

    assertThat(empty.migrate()).extracting(AppliedMigration::version).contains("13");

    assertThat(empty.marked()).isTrue();
    assertThat(empty.purge()).isNotNull();
  }

  @Test
  void analyzeGathersStatisticsOnTablesWithRowsAndLeavesEmptiedOnesNeverAnalyzed()
      throws Exception {
    database.purge();
    List<String> tables = database.analyze();

    assertThat(tables)
        .contains("xref_data", "customer")
        .doesNotContain("flyway_schema_history", "order_inbox", "process_instance");
    assertThat(
            number(
                "SELECT count(*) FROM pg_stat_user_tables WHERE relname = 'xref_data'"
                    + " AND last_analyze IS NOT NULL"))
        .isEqualTo(1);
    assertThat(number("SELECT reltuples::bigint FROM pg_class WHERE relname = 'process_instance'"))
        .isEqualTo(-1);
    // What the middleware's prepared statements get: a generic plan, kept while the table grows.
    assertThat(genericPlanOfAnInstanceLookup()).contains("Index Scan");
    try (Connection connection = connect();
        Statement statement = connection.createStatement()) {
      statement.execute("ANALYZE process_instance");
    }
    assertThat(genericPlanOfAnInstanceLookup()).contains("Seq Scan on process_instance");
    database.purge();
    assertThat(genericPlanOfAnInstanceLookup()).contains("Index Scan");
  }

  /**
   * An autovacuum that reaches a table between the purge's TRUNCATE and the statistics' reset (a
   * worker the last repetition's counters set off) records it as vacuumed and empty, reltuples 0:
   * the planner's generic plan then scans it sequentially as it grows. The reset takes it back to
   * never vacuumed, as TRUNCATE left it.
   */
  @Test
  void theResetTakesAnEmptiedTableAnAutovacuumReachedBackToNeverVacuumed() throws Exception {
    database.purge();
    try (Connection connection = connect();
        Statement statement = connection.createStatement()) {
      statement.execute("VACUUM process_instance");
    }
    assertThat(number("SELECT reltuples::bigint FROM pg_class WHERE relname = 'process_instance'"))
        .as("what an autovacuum after the purge leaves")
        .isZero();
    assertThat(genericPlanOfAnInstanceLookup()).contains("Seq Scan on process_instance");

    assertThat(database.resetStatistics()).isTrue();

    assertThat(number("SELECT reltuples::bigint FROM pg_class WHERE relname = 'process_instance'"))
        .isEqualTo(-1);
    assertThat(genericPlanOfAnInstanceLookup()).contains("Index Scan");
  }

  private static String genericPlanOfAnInstanceLookup() throws SQLException {
    try (Connection connection = connect();
        Statement statement = connection.createStatement()) {
      statement.execute("SET plan_cache_mode = force_generic_plan");
      statement.execute(
          "PREPARE lookup(bigint) AS SELECT stage FROM process_instance WHERE instance_id = $1");
      StringBuilder plan = new StringBuilder();
      try (ResultSet rows = statement.executeQuery("EXPLAIN EXECUTE lookup(1)")) {
        while (rows.next()) {
          plan.append(rows.getString(1)).append('\n');
        }
      }
      return plan.toString();
    }
  }

  @Test
  void namesTheSettingsTheServerDoesNotKnow() {
    assertThat(database.unknownSettings(List.of("shared_buffers", "no_such_knob", "Work_Mem")))
        .containsExactly("no_such_knob");
    assertThatThrownBy(() -> database.show("no_such_knob"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("no_such_knob")
        .hasMessageContaining("pg_settings");
  }

  @Test
  void showsWhatTheServerRunsWith() {
    assertThat(database.show("max_connections", "synchronous_commit"))
        .containsEntry("max_connections", "100")
        .containsEntry("synchronous_commit", "on");
    assertThat(database.serverVersion()).startsWith(tier.version());
  }

  private static String explainLookup() throws SQLException {
    try (Connection connection = connect();
        Statement statement = connection.createStatement()) {
      String party;
      try (ResultSet rows =
          statement.executeQuery("SELECT party_id FROM customer WHERE customer_id = 512")) {
        rows.next();
        party = rows.getString(1);
      }
      String sql =
          XREF_LOOKUP
              .replaceFirst("\\?", "'CUSTOMERPARTY_PARTYID'")
              .replaceFirst("\\?", "'BRM_01'")
              .replaceFirst("\\?", "'CUSTOMERPARTY_PARTYID'")
              .replaceFirst("\\?", "'SEBL_01'")
              .replaceFirst("\\?", "'" + party + "'");
      StringBuilder plan = new StringBuilder();
      try (ResultSet rows = statement.executeQuery("EXPLAIN " + sql)) {
        while (rows.next()) {
          plan.append(rows.getString(1)).append('\n');
        }
      }
      System.out.println(plan);
      return plan.toString();
    }
  }

  private static List<String> lookup(
      Connection connection, String table, String fromColumn, String value, String toColumn)
      throws SQLException {
    try (PreparedStatement query = connection.prepareStatement(XREF_LOOKUP)) {
      query.setString(1, table);
      query.setString(2, toColumn);
      query.setString(3, table);
      query.setString(4, fromColumn);
      query.setString(5, value);
      List<String> values = new ArrayList<>();
      try (ResultSet rows = query.executeQuery()) {
        while (rows.next()) {
          values.add(rows.getString(1));
        }
      }
      return values;
    }
  }

  private static List<String> indexesOnXref() throws SQLException {
    List<String> names = new ArrayList<>();
    try (Connection connection = connect();
        Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT indexname FROM pg_indexes WHERE tablename = 'xref_data'")) {
      while (rows.next()) {
        names.add(rows.getString(1));
      }
    }
    return names;
  }

  /** A digest of every setup row, all columns, in key order. */
  private static String setupChecksum() throws SQLException {
    try (Connection connection = connect();
        Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT md5("
                    + "(SELECT string_agg(c::text, '|' ORDER BY customer_id) FROM customer c)"
                    + " || (SELECT string_agg(a::text, '|' ORDER BY account_id)"
                    + " FROM billing_account a)"
                    + " || (SELECT string_agg(p::text, '|' ORDER BY product_id) FROM product p)"
                    + " || (SELECT string_agg(x::text, '|' ORDER BY xref_table_name,"
                    + " xref_column_name, row_number) FROM xref_data x WHERE origin = 'seed'))")) {
      rows.next();
      return rows.getString(1);
    }
  }

  /**
   * Calls under a hold share one backend (data preparation's steps before the purge: a connection
   * each cost a backend and a SCRAM exchange); a call that fails on its own keeps it, one whose
   * backend is gone drops it, and after the hold every call has its own again.
   */
  @Test
  void callsUnderAHoldShareOneBackendUntilItIsGoneOrTheHoldEnds() throws SQLException {
    Jdbc jdbc = new Jdbc(tier.jdbcUrl(), tier.user(), tier.password());
    long first;
    try (Jdbc.Held held = jdbc.hold()) {
      first = backendPid(jdbc);
      assertThat(backendPid(jdbc)).isEqualTo(first);
      assertThatThrownBy(() -> jdbc.call("failing", c -> Jdbc.number(c, "SELECT 1/0")))
          .hasMessageContaining("division by zero");
      assertThat(backendPid(jdbc)).as("kept after the statement's own error").isEqualTo(first);

      update("SELECT pg_terminate_backend(" + first + ")");
      assertThatThrownBy(() -> backendPid(jdbc)).hasMessageContaining("reading the backend's pid");
      long afterLoss = backendPid(jdbc);
      assertThat(afterLoss).isNotEqualTo(first);
      assertThat(backendPid(jdbc)).isEqualTo(afterLoss);
      first = afterLoss;
    }
    assertThat(backendPid(jdbc)).isNotEqualTo(first);
  }

  /**
   * A kept connection rolls back what a failed transaction left and keeps going; a read whose
   * backend is gone is asked again at once on a new one, a plain use is not (a write may not be
   * repeated); and asking whether one is open opens none.
   */
  @Test
  void aKeptConnectionSurvivesItsWorksErrorsAndReadsAgainAfterLosingItsBackend() throws Exception {
    try (KeptConnection kept = KeptConnection.to(tier.jdbcUrl(), tier.user(), tier.password())) {
      assertThat(kept.isOpen()).isFalse();
      long first = kept.use(c -> Jdbc.number(c, "SELECT pg_backend_pid()"));
      assertThat(kept.isOpen()).isTrue();
      assertThatThrownBy(
              () ->
                  kept.use(
                      c -> {
                        c.setAutoCommit(false);
                        return Jdbc.number(c, "SELECT 1/0");
                      }))
          .hasMessageContaining("division by zero");
      boolean autoCommit = kept.use(c -> c.getAutoCommit());
      assertThat(autoCommit).as("the transaction rolled back").isTrue();
      long again = kept.use(c -> Jdbc.number(c, "SELECT pg_backend_pid()"));
      assertThat(again).isEqualTo(first);

      update("SELECT pg_terminate_backend(" + first + ")");
      assertThatThrownBy(() -> kept.use(c -> Jdbc.number(c, "SELECT 1")))
          .isInstanceOf(SQLException.class);
      assertThat(kept.isOpen()).as("dropped with its backend").isFalse();
      long second = kept.use(c -> Jdbc.number(c, "SELECT pg_backend_pid()"));
      assertThat(second).isNotEqualTo(first);

      update("SELECT pg_terminate_backend(" + second + ")");
      long third = kept.read(c -> Jdbc.number(c, "SELECT pg_backend_pid()"));
      assertThat(third).isNotEqualTo(second);
    }
  }

  private static long backendPid(Jdbc jdbc) {
    Long pid =
        jdbc.call("reading the backend's pid", c -> Jdbc.number(c, "SELECT pg_backend_pid()"));
    return pid;
  }

  /**
   * Flyway runs once per schema state in a process (data preparation migrates before every
   * repetition): again when the folder gains a migration, or when the schema history is not the one
   * it left.
   */
  @Test
  void flywayRunsAgainOnlyWhenTheMigrationsOrTheSchemaHistoryChanged() throws Exception {
    update("CREATE DATABASE migrated_once");
    Path migrations = Files.createDirectories(dir.resolve("migrated-once"));
    // named as tunelab's first migration, so the schema counts as tunelab's
    Files.writeString(
        migrations.resolve("V1__xref_and_setup_tables.sql"),
        "CREATE TABLE IF NOT EXISTS first (id int);");
    Database db =
        new Database(
            ServerLaunch.jdbcUrl(tier.port(), "migrated_once"), tier.user(), tier.password());

    assertThat(db.migrate(migrations)).extracting(AppliedMigration::version).containsExactly("1");
    assertThat(db.migrate(migrations)).isEmpty();

    Files.writeString(
        migrations.resolve("V2__second.sql"), "CREATE TABLE IF NOT EXISTS second (id int);");
    assertThat(db.migrate(migrations)).extracting(AppliedMigration::version).containsExactly("2");
    assertThat(db.migrate(migrations)).isEmpty();

    // a history that is not the one Flyway left (here its last row gone): Flyway runs again
    try (Connection connection =
            DriverManager.getConnection(
                ServerLaunch.jdbcUrl(tier.port(), "migrated_once"), tier.user(), tier.password());
        Statement statement = connection.createStatement()) {
      statement.execute("DELETE FROM flyway_schema_history WHERE version = '2'");
    }
    assertThat(db.migrate(migrations)).extracting(AppliedMigration::version).containsExactly("2");
  }

  private static void update(String sql) throws SQLException {
    try (Connection connection = connect();
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  private static long number(String sql) throws SQLException {
    try (Connection connection = connect()) {
      return Jdbc.number(connection, sql);
    }
  }

  private static Connection connect() throws SQLException {
    return DriverManager.getConnection(tier.jdbcUrl(), tier.user(), tier.password());
  }
}
