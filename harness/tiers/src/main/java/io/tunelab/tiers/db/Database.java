package io.tunelab.tiers.db;

import io.tunelab.core.BadInputException;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.TunelabHome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * The controller's hands on the tunelab database, over plain JDBC: schema migrations, seed data,
 * the xref index knob, purge and statistics before a run, and the server's own view of its
 * settings. Each call opens and closes its own connection: these are set-up steps, not load.
 *
 * <p>SQL lives in {@code db/} of the checkout (see db/README.md): migrations in {@code
 * db/migration}, index scripts in {@code db/index}.
 */
public final class Database {
  /** Customers seeded unless the experiment says otherwise, as in the studies' SOAP test. */
  public static final int DEFAULT_CUSTOMERS = 1000;

  /** The indexes {@code db/index/xref_index_create.sql} creates. */
  public static final List<String> XREF_INDEXES =
      List.of("xref_data_value_ix", "xref_data_row_number_ix");

  private static final String DEADLOCK = "40P01";
  private static final int PURGE_ATTEMPTS = 3;
  private static final String LOCK_NOT_AVAILABLE = "55P03";

  /**
   * How long the purge waits for a table lock: a repetition's own transactions are short, so a lock
   * held longer belongs to a transaction that is stuck (a middleware blocked on a send the broker
   * refuses), and the run ends naming it instead of waiting for ever.
   */
  static final int PURGE_LOCK_TIMEOUT_SECONDS = 30;

  private static final Duration PURGE_RETRY_PAUSE = Duration.ofMillis(500);

  private final Jdbc jdbc;
  private final SettingsQuery settings;
  private final String user;
  private final String password;
  private final Path dbDir;

  /** A database whose SQL scripts are in the checkout's {@code db/} (found when first needed). */
  /** The database of a stack, with its credentials: the one way the harness opens one. */
  public static Database of(Endpoints endpoints) {
    return new Database(endpoints.db(), endpoints.dbUser(), endpoints.dbPassword());
  }

  public Database(String jdbcUrl, String user, String password) {
    this(jdbcUrl, user, password, null);
  }

  /**
   * @param dbDir the folder holding {@code migration/} and {@code index/}
   */
  public Database(String jdbcUrl, String user, String password, Path dbDir) {
    this.jdbc = new Jdbc(jdbcUrl, user, password);
    this.settings = new SettingsQuery(jdbc);
    this.user = user;
    this.password = password;
    this.dbDir = dbDir;
  }

  /**
   * Runs this database's calls on one connection until the handle is closed (see {@link
   * Jdbc#hold}); Flyway's migrations open their own.
   */
  Jdbc.Held oneConnection() {
    return jdbc.hold();
  }

  /** Applies the pending migrations of {@code db/migration}. */
  public List<AppliedMigration> migrate() {
    return migrate(dbDir().resolve("migration"));
  }

  /**
   * Applies the pending migrations found in {@code migrationsDir}; returns those it applied.
   *
   * @throws BadInputException when the database holds another application's tables (see {@link
   *     DatabaseMarker#migratable})
   */
  public List<AppliedMigration> migrate(Path migrationsDir) {
    if (!Files.isDirectory(migrationsDir)) {
      throw new BadInputException(
          "no migrations folder at " + migrationsDir + ": point to the checkout's db/migration");
    }
    DatabaseMarker.requireMigratable(jdbc);
    if (MigratedSchemas.done(jdbc, migrationsDir)) {
      return List.of();
    }
    try {
      MigrateResult result =
          Flyway.configure()
              .dataSource(jdbc.url(), user, password)
              .locations("filesystem:" + migrationsDir.toAbsolutePath())
              .load()
              .migrate();
      MigratedSchemas.record(jdbc, migrationsDir);
      return result.migrations.stream()
          .map(m -> new AppliedMigration(m.version, m.description, m.executionTime))
          .toList();
    } catch (FlywayException e) {
      throw new DatabaseException(
          "migrating " + jdbc.url() + " from " + migrationsDir + " failed: " + e.getMessage(), e);
    }
  }

  /**
   * Fills the setup tables with {@code customers} customers (each with a billing account and xref
   * mappings) and the product catalogue. Deterministic and idempotent: see {@code tunelab_seed}.
   */
  public SeedResult seed(int customers) {
    if (customers < 1 || customers > 1_000_000) {
      throw new BadInputException("customers must be 1..1000000, was " + customers);
    }
    long started = System.nanoTime();
    return jdbc.call(
        "seeding " + customers + " customers",
        connection -> {
          boolean changed;
          try (PreparedStatement seed = connection.prepareStatement("SELECT tunelab_seed(?)")) {
            seed.setInt(1, customers);
            try (ResultSet rows = seed.executeQuery()) {
              rows.next();
              changed = rows.getBoolean(1);
            }
          }
          return new SeedResult(
              (int) Jdbc.number(connection, "SELECT count(*) FROM customer"),
              (int) Jdbc.number(connection, "SELECT count(*) FROM product"),
              Jdbc.number(connection, "SELECT count(*) FROM xref_data WHERE origin = 'seed'"),
              changed,
              (System.nanoTime() - started) / 1_000_000);
        });
  }

  /** Creates or drops the xref lookup indexes (the "xref index" knob). Idempotent. */
  public void xrefIndex(boolean present) {
    Path script =
        dbDir().resolve("index").resolve(present ? "xref_index_create.sql" : "xref_index_drop.sql");
    String sql;
    try {
      sql = Files.readString(script, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + script, e);
    }
    jdbc.call(
        "running " + script,
        connection -> {
          try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
          }
          return null;
        });
  }

  /** The sequences whose CACHE the knob {@code db.sequence.cache} sets. */
  public static final List<String> ID_SEQUENCES =
      List.of("message_id_seq", "sort_parcel_parcel_id_seq", "sort_scan_scan_id_seq");

  /** Sets the CACHE of every id sequence (the "sequence cache" knob). Idempotent. */
  public void sequenceCache(int values) {
    if (values < 1) {
      throw new IllegalArgumentException("a sequence caches 1 value or more, was " + values);
    }
    jdbc.call(
        "setting the id sequences' CACHE",
        connection -> {
          try (Statement statement = connection.createStatement()) {
            for (String sequence : ID_SEQUENCES) {
              statement.execute("ALTER SEQUENCE " + sequence + " CACHE " + values);
            }
          }
          return null;
        });
  }

  /** The sort hub's updated tables, whose fillfactor the knob {@code db.sort.fillFactor} sets. */
  public static final List<String> SORT_UPDATED_TABLES =
      List.of("sort_parcel", "sort_read", "sort_chute");

  /**
   * Sets the fillfactor of the sort hub's updated tables. The run tables are truncated by the
   * purge, so their new pages follow it; {@code sort_chute} keeps its rows, so it is rewritten
   * (VACUUM FULL, 49 rows) to lay them out anew. Idempotent.
   */
  public void sortFillFactor(int percent) {
    if (percent < 10 || percent > 100) {
      throw new IllegalArgumentException("a fillfactor is 10..100, was " + percent);
    }
    jdbc.call(
        "setting the sort tables' fillfactor",
        connection -> {
          try (Statement statement = connection.createStatement()) {
            for (String table : SORT_UPDATED_TABLES) {
              statement.execute("ALTER TABLE " + table + " SET (fillfactor = " + percent + ")");
            }
            statement.execute("VACUUM FULL sort_chute");
          }
          return null;
        });
  }

  /** Each sort table's fillfactor as pg_class says (100 when none is set). */
  public Map<String, Integer> sortFillFactors() {
    return jdbc.call(
        "reading pg_class.reloptions",
        connection -> {
          Map<String, Integer> factors = new java.util.TreeMap<>();
          try (PreparedStatement query =
              connection.prepareStatement(
                  "SELECT relname, coalesce((SELECT split_part(o, '=', 2)::int FROM"
                      + " unnest(reloptions) AS o WHERE o LIKE 'fillfactor=%'), 100)"
                      + " FROM pg_class WHERE relnamespace = current_schema()::regnamespace"
                      + " AND relname = ANY (?)")) {
            query.setArray(1, connection.createArrayOf("text", SORT_UPDATED_TABLES.toArray()));
            try (ResultSet rows = query.executeQuery()) {
              while (rows.next()) {
                factors.put(rows.getString(1), rows.getInt(2));
              }
            }
          }
          return factors;
        });
  }

  /** Each id sequence's CACHE, as pg_sequences says. */
  public Map<String, Long> sequenceCaches() {
    return jdbc.call(
        "reading pg_sequences",
        connection -> {
          Map<String, Long> caches = new java.util.TreeMap<>();
          try (PreparedStatement query =
              connection.prepareStatement(
                  "SELECT sequencename, cache_size FROM pg_sequences"
                      + " WHERE schemaname = current_schema() AND sequencename = ANY (?)")) {
            query.setArray(1, connection.createArrayOf("text", ID_SEQUENCES.toArray()));
            try (ResultSet rows = query.executeQuery()) {
              while (rows.next()) {
                caches.put(rows.getString(1), rows.getLong(2));
              }
            }
          }
          return caches;
        });
  }

  /** Whether both xref lookup indexes exist, as pg_indexes says. */
  public boolean xrefIndexPresent() {
    return jdbc.call(
        "reading pg_indexes",
        connection -> {
          try (PreparedStatement query =
              connection.prepareStatement(
                  "SELECT count(*) FROM pg_indexes WHERE schemaname = current_schema()"
                      + " AND tablename = 'xref_data' AND indexname = ANY (?)")) {
            query.setArray(1, connection.createArrayOf("text", XREF_INDEXES.toArray()));
            try (ResultSet rows = query.executeQuery()) {
              rows.next();
              return rows.getInt(1) == XREF_INDEXES.size();
            }
          }
        });
  }

  /**
   * Empties what runs write (process instances, audit, delivery messages, inbox, tracking, xref
   * rows of runs) and keeps the setup rows; returns rows removed per table.
   */
  private static final String INSUFFICIENT_PRIVILEGE = "42501";

  public Map<String, Long> purge() {
    return purge(PURGE_LOCK_TIMEOUT_SECONDS);
  }

  Map<String, Long> purge(int lockTimeoutSeconds) {
    DatabaseMarker.require(jdbc, "purge run data");
    return jdbc.call(
        "purging run data",
        connection -> {
          try (Statement statement = connection.createStatement()) {
            statement.execute("SET lock_timeout = '" + lockTimeoutSeconds + "s'");
          }
          for (int attempt = 1; ; attempt++) {
            try {
              return purgeOnce(connection);
            } catch (SQLException e) {
              if (LOCK_NOT_AVAILABLE.equals(e.getSQLState())) {
                throw new SQLException(
                    "a lock it needs stayed taken for "
                        + lockTimeoutSeconds
                        + " s: "
                        + LockHolders.describe(connection),
                    e.getSQLState(),
                    e);
              }
              // A middleware still finishing a stalled repetition's orders takes row locks in
              // another order than the purge's table locks: PostgreSQL cancels one side.
              if (!DEADLOCK.equals(e.getSQLState()) || attempt == PURGE_ATTEMPTS) {
                throw e;
              }
              pause(PURGE_RETRY_PAUSE);
            }
          }
        });
  }

  private static Map<String, Long> purgeOnce(Connection connection) throws SQLException {
    Map<String, Long> removed = new LinkedHashMap<>();
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT * FROM tunelab_purge()")) {
      while (rows.next()) {
        removed.put(rows.getString(1), rows.getLong(2));
      }
    }
    // The purge rewrote xref_data and sort_chute row by row: their indexes are rebuilt in one
    // pass, as CREATE INDEX builds them, and a vacuum sets the new rows' hint bits and visibility
    // map, so the first repetition's reads do not write them and every repetition starts from
    // the same pages.
    try (Statement statement = connection.createStatement()) {
      for (String table : REWRITTEN_TABLES) {
        statement.execute("REINDEX TABLE " + table);
      }
      statement.execute("VACUUM " + String.join(", ", REWRITTEN_TABLES));
    }
    return removed;
  }

  /** The setup tables the purge truncates and writes again. */
  static final List<String> REWRITTEN_TABLES = List.of("xref_data", "sort_chute");

  /**
   * Brings the tables' statistics to one state before every repetition: the activity counters of
   * every table reset (autovacuum's and autoanalyze's thresholds then fall at the same point of
   * every repetition), and the planner statistics of the purged tables removed, as on a table never
   * analyzed: what autoanalyze gathered during the repetition before would otherwise decide this
   * one's plans; an emptied table an autovacuum reached after the purge is again never vacuumed.
   * Needs a superuser, which tunelab's own cluster has; on a server where the user is not one,
   * nothing is changed.
   *
   * @return whether the statistics were reset
   */
  public boolean resetStatistics() {
    return jdbc.call(
        "resetting the tables' statistics",
        connection -> {
          try (Statement statement = connection.createStatement()) {
            statement.execute(
                "SELECT pg_stat_reset_single_table_counters(relid) FROM pg_stat_user_tables"
                    + " WHERE schemaname = current_schema()");
            // An autoanalyze the repetition before set off may still be writing its statistics:
            // with the counters at zero no new one starts, so wait for the running ones to end.
            awaitAutovacuum(statement);
            // Always: ANALYZE of a table the purge emptied writes nothing, so the statistics an
            // autoanalyze took of the last repetition's rows would stay (and the planner would
            // plan the next repetition with them) unless deleted here; the seeded tables get
            // theirs back from the ANALYZE that follows, when db.analyze is on.
            statement.execute(
                "DELETE FROM pg_statistic WHERE starelid IN (SELECT c.oid FROM pg_class c"
                    + " WHERE c.relnamespace = current_schema()::regnamespace"
                    + " AND c.relname = ANY (ARRAY['"
                    + String.join("','", PURGED_TABLES)
                    + "']))");
            // An autovacuum that came between the purge's TRUNCATE and the counters' reset left
            // an emptied table vacuumed, reltuples 0 instead of TRUNCATE's -1: the planner then
            // takes it for empty and the next repetition's generic plans scan it sequentially
            // (seen: 1 repetition of 10 started so, benchmarks/jfr-overhead.yaml). Back to -1.
            statement.execute(
                "UPDATE pg_class SET reltuples = -1 WHERE relnamespace ="
                    + " current_schema()::regnamespace AND relkind = 'r' AND relpages = 0"
                    + " AND reltuples <> -1 AND relname = ANY (ARRAY['"
                    + String.join("','", PURGED_TABLES)
                    + "'])");
            return true;
          } catch (SQLException e) {
            if (INSUFFICIENT_PRIVILEGE.equals(e.getSQLState())) {
              return false;
            }
            throw e;
          }
        });
  }

  /**
   * The database's part of the state a repetition starts from: tables, indexes, rows, planner
   * statistics and sequences (see {@link StartStateQuery}).
   */
  public io.tunelab.core.results.StartState startState() {
    return jdbc.call("reading the tables' state", StartStateQuery::read);
  }

  private static final Duration AUTOVACUUM_WAIT = Duration.ofSeconds(60);

  /** Waits (up to a minute) until no autovacuum worker works in this database. */
  private static void awaitAutovacuum(Statement statement) throws SQLException {
    long deadline = System.nanoTime() + AUTOVACUUM_WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      try (ResultSet rows =
          statement.executeQuery(
              "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'"
                  + " AND datname = current_database()")) {
        rows.next();
        if (rows.getLong(1) == 0) {
          return;
        }
      }
      pause(Duration.ofMillis(100));
    }
  }

  /** Every table the purge truncates (tunelab_purge, V12). */
  public static final List<String> PURGED_TABLES =
      List.of(
          "process_instance",
          "audit_detail",
          "delivery_message",
          "order_inbox",
          "request_tracking",
          "order_receipt",
          "message_log",
          "message_status",
          "sort_parcel",
          "sort_scan",
          "sort_read",
          "sort_divert",
          "instance_state",
          "sort_chute",
          "xref_data");

  /**
   * Writes every dirty page out now (CHECKPOINT), so that a checkpoint the preparation's writes
   * made due does not land in the measured window of one repetition and not of another. Needs a
   * superuser or the pg_checkpoint role, which tunelab's own cluster has; on a server where the
   * user has neither, it is skipped.
   *
   * @return whether the checkpoint ran
   */
  public boolean checkpoint() {
    return jdbc.call(
        "checkpointing",
        connection -> {
          try (Statement statement = connection.createStatement()) {
            statement.execute("CHECKPOINT");
            return true;
          } catch (SQLException e) {
            if (INSUFFICIENT_PRIVILEGE.equals(e.getSQLState())) {
              return false;
            }
            throw e;
          }
        });
  }

  private static void pause(Duration duration) throws SQLException {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLException("interrupted while waiting to purge again", e);
    }
  }

  /**
   * Rolls back the prepared transactions the middleware left in this database ({@link
   * io.tunelab.tiers.XaBranches}, another application's are left alone) and returns their global
   * ids. Only for when no middleware runs: then a prepared branch belongs to one that died between
   * the two phases, nothing will ever finish it, and its locks would block the next purge for good.
   */
  public List<String> rollbackPreparedTransactions() {
    DatabaseMarker.require(jdbc, "roll back prepared transactions");
    return jdbc.call(
        "rolling back in-doubt prepared transactions",
        connection -> {
          List<String> gids = new ArrayList<>();
          try (PreparedStatement select =
              connection.prepareStatement(
                  "SELECT gid FROM pg_prepared_xacts WHERE database = current_database()"
                      + " ORDER BY prepared")) {
            try (ResultSet rows = select.executeQuery()) {
              while (rows.next()) {
                if (io.tunelab.tiers.XaBranches.isMiddlewaresGid(rows.getString(1))) {
                  gids.add(rows.getString(1));
                }
              }
            }
          }
          try (Statement statement = connection.createStatement()) {
            for (String gid : gids) {
              statement.execute("ROLLBACK PREPARED '" + gid.replace("'", "''") + "'");
            }
          }
          return gids;
        });
  }

  /** Whether this database carries tunelab's marker, which its migrations write. */
  public boolean marked() {
    return jdbc.call("looking for tunelab's marker", DatabaseMarker::present);
  }

  /** The storage parameter that keeps autoanalyze off a table: a threshold no table reaches. */
  static final String NO_AUTOANALYZE = "autovacuum_analyze_threshold=2147483647";

  /**
   * Lets autoanalyze gather statistics of tunelab's tables, or keeps it off them, by each table's
   * {@code autovacuum_analyze_threshold}: off, a table's statistics stay what the preparation left
   * (ANALYZE when db.analyze is on, none after the purge otherwise) for the whole repetition. The
   * launcher visits a database once every {@code autovacuum_naptime} (60 s by default), so in
   * windows of seconds it gathers statistics in some repetitions and not in others, and the plans
   * differ between them (benchmarks/README.md: "Autoanalyze in some windows and not others").
   * Autovacuum's vacuums are left as they are. Changes only the tables whose setting differs.
   */
  public void autoanalyze(boolean on) {
    jdbc.call(
        "setting autoanalyze on the tables",
        connection -> {
          try (Statement statement = connection.createStatement()) {
            for (String table : withoutAutoanalyze(statement, on)) {
              statement.execute(
                  on
                      ? "ALTER TABLE \"" + table + "\" RESET (autovacuum_analyze_threshold)"
                      : "ALTER TABLE \"" + table + "\" SET (" + NO_AUTOANALYZE + ")");
            }
          }
          return null;
        });
  }

  /** The tunelab tables autoanalyze is kept off, by name. */
  public List<String> tablesWithoutAutoanalyze() {
    return jdbc.call(
        "reading the tables' storage parameters",
        connection -> {
          try (Statement statement = connection.createStatement()) {
            return withoutAutoanalyze(statement, true);
          }
        });
  }

  /** The tables whose autoanalyze setting is off ({@code off} true) or not ({@code off} false). */
  private static List<String> withoutAutoanalyze(Statement statement, boolean off)
      throws SQLException {
    List<String> tables = new ArrayList<>();
    try (ResultSet rows =
        statement.executeQuery(
            "SELECT relname FROM pg_class WHERE relnamespace = current_schema()::regnamespace"
                + " AND relkind = 'r' AND relname <> 'flyway_schema_history'"
                + " AND (coalesce(reloptions, '{}') @> ARRAY['"
                + NO_AUTOANALYZE
                + "']) = "
                + off
                + " ORDER BY relname")) {
      while (rows.next()) {
        tables.add(rows.getString(1));
      }
    }
    return tables;
  }

  /**
   * Gathers planner statistics (ANALYZE) on every tunelab table that holds rows; returns those
   * tables. An empty table is left as the purge's TRUNCATE left it, never analyzed (reltuples -1):
   * ANALYZE would record it as empty, the planner would then plan sequential scans on it while it
   * holds a page or two, and the middleware's prepared statements would keep those generic plans
   * while the table grows through the repetition (a run measured 0.5 to 6.5 million rows read by
   * such scans from one repetition to the next, the database's CPU per order moving with them).
   * Never analyzed, a table under 10 pages is planned as if it had 10 (PostgreSQL's rule for a new
   * table), so its index is used from the first order.
   */
  public List<String> analyze() {
    return jdbc.call(
        "analyzing",
        connection -> {
          List<String> tables = new ArrayList<>();
          try (Statement statement = connection.createStatement()) {
            List<String> all = new ArrayList<>();
            try (ResultSet rows =
                statement.executeQuery(
                    "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
                        + " AND tablename <> 'flyway_schema_history' ORDER BY tablename")) {
              while (rows.next()) {
                all.add(rows.getString(1));
              }
            }
            for (String table : all) {
              try (ResultSet rows =
                  statement.executeQuery("SELECT EXISTS (SELECT FROM \"" + table + "\")")) {
                rows.next();
                if (rows.getBoolean(1)) {
                  tables.add(table);
                }
              }
            }
            if (!tables.isEmpty()) {
              statement.execute(
                  "ANALYZE "
                      + tables.stream().map(t -> '"' + t + '"').collect(Collectors.joining(", ")));
            }
          }
          return tables;
        });
  }

  /** The server's current values of {@code names}, as {@code SHOW} gives them, in order. */
  public Map<String, String> show(String... names) {
    return settings.show(names);
  }

  /**
   * The names among {@code names} that are not server settings (not in pg_settings), in order: how
   * {@code db.server.<name>} knobs are validated before a run.
   */
  public List<String> unknownSettings(Collection<String> names) {
    return settings.unknown(names);
  }

  /** The server's version, e.g. {@code 15.18 (Debian 15.18-0+deb12u1)}. */
  public String serverVersion() {
    return settings.serverVersion();
  }

  private Path dbDir() {
    return dbDir != null ? dbDir : TunelabHome.locate().db();
  }
}
