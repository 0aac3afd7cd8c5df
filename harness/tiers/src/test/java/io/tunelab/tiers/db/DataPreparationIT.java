package io.tunelab.tiers.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.tunelab.core.BadInputException;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.tiers.TunelabHome;
import io.tunelab.tiers.stack.StackConfig;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The db and data knobs, from a knob set to what the server really has. */
class DataPreparationIT {
  private static final KnobSet KNOBS =
      KnobSet.defaults()
          .with("db.server.work_mem", "16MB")
          .with("db.server.max_connections", "40")
          .with("db.seed.customers", "1200")
          .with("db.xrefIndex", "on")
          .with("db.analyze", "on");

  private static Path dir;
  private static PostgresTier tier;
  private static Database database;

  @BeforeAll
  static void start() {
    dir = DbTestDirs.fresh("data-preparation");
    tier = PostgresTier.start(StackConfig.from(KNOBS).db(), dir, DbTestDirs.ownedByThisJvm());
    database =
        new Database(tier.jdbcUrl(), tier.user(), tier.password(), TunelabHome.locate().db());
  }

  @AfterAll
  static void stop() {
    if (tier != null) {
      tier.close();
    }
    DbTestDirs.delete(dir);
  }

  @Test
  void serverKnobsReachPostgres() {
    assertThat(database.show("work_mem", "max_connections", "fsync"))
        .containsEntry("work_mem", "16MB")
        .containsEntry("max_connections", "40")
        .containsEntry("fsync", "on");
  }

  @Test
  void dataKnobsShapeTheDatabase() throws Exception {
    Map<String, Long> steps = DataPreparation.prepare(database, KNOBS, true);

    assertThat(steps).containsKeys("migrate", "seed", "xrefIndex", "purge", "analyze");
    assertThat(count("SELECT count(*) FROM customer")).isEqualTo(1200);
    assertThat(database.xrefIndexPresent()).isTrue();
    assertThat(
            count(
                "SELECT count(*) FROM pg_stat_user_tables"
                    + " WHERE relname = 'xref_data' AND last_analyze IS NOT NULL"))
        .isEqualTo(1);

    DataPreparation.prepare(database, KNOBS.with("db.xrefIndex", "off"), true);

    assertThat(database.xrefIndexPresent()).isFalse();
  }

  @Test
  void theSequenceCacheKnobReachesPgSequencesAndSurvivesThePurge() throws Exception {
    DataPreparation.prepare(database, KNOBS, true);
    assertThat(database.sequenceCaches())
        .containsOnlyKeys(Database.ID_SEQUENCES)
        .allSatisfy((sequence, cache) -> assertThat(cache).as(sequence).isEqualTo(1L));

    DataPreparation.prepare(database, KNOBS.with("db.sequence.cache", "50000"), true);

    assertThat(database.sequenceCaches())
        .containsOnlyKeys(Database.ID_SEQUENCES)
        .allSatisfy((sequence, cache) -> assertThat(cache).as(sequence).isEqualTo(50_000L));
    assertThat(count("SELECT cache_size FROM pg_sequences WHERE sequencename = 'message_id_seq'"))
        .isEqualTo(50_000);
    database.purge();
    assertThat(database.sequenceCaches()).containsEntry("message_id_seq", 50_000L);
    // a session that takes one id holds the next 49,999: another session's id jumps past them
    long first = count("SELECT nextval('message_id_seq')");
    long second = count("SELECT nextval('message_id_seq')");
    assertThat(second - first).isEqualTo(50_000);
  }

  @Test
  void theSortFillFactorKnobReachesTheUpdatedTablesAndLaysTheChutesOutAnew() throws Exception {
    DataPreparation.prepare(database, KNOBS, true);
    assertThat(database.sortFillFactors())
        .containsExactly(
            Map.entry("sort_chute", 100),
            Map.entry("sort_parcel", 100),
            Map.entry("sort_read", 100));
    long pagesAtFull = count("SELECT pg_relation_size('sort_chute') / 8192");

    DataPreparation.prepare(database, KNOBS.with("db.sort.fillFactor", "10"), true);

    assertThat(database.sortFillFactors())
        .containsExactly(
            Map.entry("sort_chute", 10), Map.entry("sort_parcel", 10), Map.entry("sort_read", 10));
    // 49 chute rows fit one page at 100%; at 10% each page takes about 800 bytes of them
    assertThat(count("SELECT pg_relation_size('sort_chute') / 8192")).isGreaterThan(pagesAtFull);
    DataPreparation.prepare(database, KNOBS, true);
    assertThat(count("SELECT pg_relation_size('sort_chute') / 8192")).isEqualTo(pagesAtFull);
  }

  @Test
  void repeatedRunsAndPurgesLeaveXrefDataNoBiggerAndNoWriteBackPending() throws Exception {
    DataPreparation.prepare(database, KNOBS, true);
    long[] sizes = new long[3];
    long checkpointsBefore = count("SELECT checkpoints_req FROM pg_stat_bgwriter");
    for (int run = 0; run < sizes.length; run++) {
      // what a run leaves: xref rows of its own, and seeded ones it touched
      execute(
          "INSERT INTO xref_data (xref_table_name, xref_column_name, value, row_number,"
              + " is_deleted, last_modified, last_accessed, origin)"
              + " SELECT xref_table_name, 'RUN', value || '-run', row_number || '-run', 'N',"
              + " now(), now(), 'run' FROM xref_data WHERE origin = 'seed' LIMIT 2000");
      execute("UPDATE xref_data SET last_accessed = now() WHERE origin = 'seed'");

      Map<String, Long> steps = DataPreparation.prepare(database, KNOBS, true);

      assertThat(steps).containsKeys("purge", "checkpoint");
      assertThat(count("SELECT count(*) FROM xref_data WHERE origin = 'run'")).isZero();
      sizes[run] = count("SELECT pg_relation_size('xref_data')");
    }
    // without the purge's vacuum each run's dead versions would add to the next run's scans
    assertThat(sizes[2]).isEqualTo(sizes[0]);
    assertThat(count("SELECT checkpoints_req FROM pg_stat_bgwriter"))
        .isGreaterThanOrEqualTo(checkpointsBefore + sizes.length);
  }

  /**
   * The launcher woken every second: on, the rows a run writes are analyzed within seconds; off
   * (the default), none of them, as if the run ran between two visits of the default 60 s.
   */
  @Test
  void autoanalyzeStaysOffTheTablesUnlessTheKnobLetsItOn() throws Exception {
    execute("ALTER SYSTEM SET autovacuum_naptime = 1");
    execute("SELECT pg_reload_conf()");
    try {
      DataPreparation.prepare(database, KNOBS.with("db.autoanalyze", "on"), true);
      assertThat(database.tablesWithoutAutoanalyze()).isEmpty();
      writeWhatARunWrites();
      await().atMost(Duration.ofSeconds(30)).until(() -> count(XREF_AUTOANALYZES) > 0);

      DataPreparation.prepare(database, KNOBS, true);
      assertThat(database.tablesWithoutAutoanalyze())
          .contains("xref_data", "order_receipt", "customer")
          .doesNotContain("flyway_schema_history");
      assertThat(count(XREF_AUTOANALYZES)).isZero();
      writeWhatARunWrites();
      await()
          .during(Duration.ofSeconds(5))
          .atMost(Duration.ofSeconds(10))
          .until(() -> count(XREF_AUTOANALYZES) == 0);
    } finally {
      execute("ALTER SYSTEM RESET autovacuum_naptime");
      execute("SELECT pg_reload_conf()");
    }
  }

  private static final String XREF_AUTOANALYZES =
      "SELECT autoanalyze_count FROM pg_stat_user_tables WHERE relname = 'xref_data'";

  private static void writeWhatARunWrites() throws Exception {
    execute(
        "INSERT INTO xref_data (xref_table_name, xref_column_name, value, row_number,"
            + " is_deleted, last_modified, last_accessed, origin)"
            + " SELECT xref_table_name, 'RUN', value || '-run', row_number || '-run', 'N',"
            + " now(), now(), 'run' FROM xref_data WHERE origin = 'seed'");
  }

  @Test
  void rejectsAPassThroughSettingTheServerDoesNotHave() {
    // PostgreSQL accepts any dotted name as a placeholder: only pg_settings tells the typo.
    KnobSet typo = KNOBS.with("db.server.pg_stat_statements.trak", "all");

    assertThatThrownBy(() -> DataPreparation.prepare(database, typo, true))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("db.server.pg_stat_statements.trak")
        .hasMessageContaining("pg_settings");
  }

  private static void execute(String sql) throws Exception {
    try (Connection connection =
        DriverManager.getConnection(tier.jdbcUrl(), tier.user(), tier.password())) {
      connection.createStatement().execute(sql);
    }
  }

  private static long count(String sql) throws Exception {
    try (Connection connection =
            DriverManager.getConnection(tier.jdbcUrl(), tier.user(), tier.password());
        ResultSet rows = connection.createStatement().executeQuery(sql)) {
      rows.next();
      return rows.getLong(1);
    }
  }
}
