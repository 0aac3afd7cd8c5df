package io.tunelab.tiers.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** One server with non-default settings, read back through PostgreSQL itself. */
class PostgresTierIT {
  private static Path dir;
  private static PostgresTier tier;
  private static Database database;

  @BeforeAll
  static void start() {
    dir = DbTestDirs.fresh("settings");
    DbConfig config =
        DbConfig.defaults()
            .withSetting("shared_buffers", "64MB")
            .withSetting("synchronous_commit", "off")
            .withSetting("max_connections", "37")
            .withSetting("max_prepared_transactions", "3");
    tier = PostgresTier.start(config, dir, DbTestDirs.ownedByThisJvm());
    database = new Database(tier.jdbcUrl(), tier.user(), tier.password());
    System.out.printf(
        "db tier cold start (initdb + start + ready + database created): %d ms, PostgreSQL %s"
            + " from %s%n",
        tier.startTime().toMillis(), tier.version(), tier.binaries().source());
  }

  @AfterAll
  static void stop() {
    if (tier != null) {
      tier.close();
    }
    DbTestDirs.delete(dir);
  }

  @Test
  void settingsReachPostgres() {
    assertThat(
            database.show(
                "shared_buffers",
                "synchronous_commit",
                "max_connections",
                "max_prepared_transactions"))
        .containsEntry("shared_buffers", "64MB")
        .containsEntry("synchronous_commit", "off")
        .containsEntry("max_connections", "37")
        .containsEntry("max_prepared_transactions", "3");
  }

  @Test
  void durabilityIsOnByDefault() {
    assertThat(database.show("fsync", "full_page_writes"))
        .containsEntry("fsync", "on")
        .containsEntry("full_page_writes", "on");
  }

  @Test
  void pgStatStatementsIsLoadedAndRecords() throws Exception {
    assertThat(database.show("shared_preload_libraries").get("shared_preload_libraries"))
        .contains("pg_stat_statements");
    try (Connection connection = connect();
        Statement statement = connection.createStatement()) {
      statement.execute("SELECT 42 AS tunelab_marker");
      try (ResultSet rows =
          statement.executeQuery(
              "SELECT count(*) FROM pg_stat_statements WHERE query LIKE '%tunelab_marker%'")) {
        rows.next();
        assertThat(rows.getLong(1)).isPositive();
      }
    }
  }

  @Test
  void listensOnLoopbackOnly() {
    assertThat(database.show("listen_addresses")).containsEntry("listen_addresses", "127.0.0.1");
    assertThat(tier.jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:" + tier.port() + "/tunelab");
  }

  @Test
  void reportsTheVersionItRuns() {
    assertThat(database.serverVersion()).startsWith(tier.version());
    assertThat(tier.version()).matches("\\d+(\\.\\d+)?");
  }

  @Test
  void recordsThePostmasterItselfAsItsProcess() throws Exception {
    ProcessHandle postmaster = tier.processes().get(0);
    try (Connection connection = connect();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT pg_backend_pid()")) {
      rows.next();
      long backend = rows.getLong(1);
      assertThat(ProcessHandle.of(backend).flatMap(ProcessHandle::parent).map(ProcessHandle::pid))
          .contains(postmaster.pid());
    }
    assertThat(tier.stopSignal(postmaster)).isEqualTo("INT");
    if (ServerUser.isRoot()) {
      assertThat(postmaster.info().user()).contains("postgres");
    }
  }

  private static Connection connect() throws Exception {
    return DriverManager.getConnection(tier.jdbcUrl(), tier.user(), tier.password());
  }
}
