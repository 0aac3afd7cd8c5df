package io.tunelab.run.observe;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * Reads PostgreSQL's statistics over one JDBC connection of its own: sessions and their wait events
 * (sampled each second), and snapshots of the cumulative statistics views. Its own session and its
 * own statements on the statistics views are left out.
 */
final class PgObserver implements AutoCloseable {
  /**
   * One-row views and the query that reads each; those missing from a version are skipped. The
   * database's row also carries the cluster's WAL insert position in bytes ({@code
   * wal_position_bytes}): exact at the instant it is read, where pg_stat_wal's counters wait for
   * each backend to flush its statistics (up to 10 s for an idle one).
   */
  private static final Map<String, String> VIEWS =
      Map.of(
          "database",
          "SELECT *, CASE WHEN pg_is_in_recovery() THEN NULL"
              + " ELSE pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0') END"
              + " AS wal_position_bytes"
              + " FROM pg_stat_database WHERE datname = current_database()",
          "wal",
          "SELECT * FROM pg_stat_wal",
          "bgwriter",
          "SELECT * FROM pg_stat_bgwriter",
          "checkpointer",
          "SELECT * FROM pg_stat_checkpointer");

  private static final Set<Integer> NUMERIC =
      Set.of(
          Types.BIGINT,
          Types.INTEGER,
          Types.SMALLINT,
          Types.NUMERIC,
          Types.DECIMAL,
          Types.DOUBLE,
          Types.FLOAT,
          Types.REAL);

  /** Numeric columns that name a row rather than count anything. */
  private static final Set<String> IDENTIFIERS = Set.of("relid", "indexrelid", "datid");

  private final Connection connection;
  // Which views this server has: asked once, so that a snapshot runs no statement of its own
  // outside the statistics views.
  private Map<String, String> views;
  private final PgStatements statements;

  private PgObserver(Connection connection) {
    this.connection = connection;
    this.statements = new PgStatements(connection);
  }

  static PgObserver connect(String jdbcUrl, String user, String password) {
    Properties properties = new Properties();
    properties.setProperty("user", user);
    properties.setProperty("password", password);
    properties.setProperty("connectTimeout", "5");
    properties.setProperty("socketTimeout", "30");
    properties.setProperty("ApplicationName", "tunelab-observer");
    try {
      return new PgObserver(DriverManager.getConnection(jdbcUrl, properties));
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot connect to PostgreSQL at " + jdbcUrl + " to observe it: " + e.getMessage(), e);
    }
  }

  /**
   * One session of an active-session history sample.
   *
   * @param waitEventType null when the session waits for nothing (on CPU, or idle)
   * @param relation the table a waiting session waits on: the relation of the lock it waits for,
   *     else, for a lock or LWLock wait, the table its statement writes or reads ({@link
   *     StatementTable}); null when none is known
   */
  record Session(
      int pid,
      String backendType,
      String state,
      String waitEventType,
      String waitEvent,
      long queryId,
      String relation) {
    boolean activeClient() {
      return "client backend".equals(backendType) && "active".equals(state);
    }

    /** {@code type:event}, or {@code CPU} for a session that waits for nothing. */
    String waitKey() {
      return waitEventType == null ? "CPU" : waitEventType + ":" + waitEvent;
    }
  }

  // pg_locks read once per sample (a materialised CTE, not once per session); the statement text
  // only where the lock names no relation: a row lock is a wait for the holder's transaction, and a
  // buffer's content lock is in no view. The activity's own text rather than pg_stat_statements',
  // which reads its query-text file on every call.
  private static final String SESSIONS =
      "WITH waiting AS MATERIALIZED (SELECT DISTINCT ON (pid) pid, relation::regclass::text AS rel"
          + " FROM pg_locks WHERE NOT granted AND relation IS NOT NULL"
          + " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
          + " ORDER BY pid)"
          + " SELECT a.pid, a.backend_type, a.state, a.wait_event_type, a.wait_event, a.query_id,"
          + " w.rel, CASE WHEN w.rel IS NULL AND a.wait_event_type IN ('Lock', 'LWLock')"
          + " THEN a.query END"
          + " FROM pg_stat_activity a LEFT JOIN waiting w ON w.pid = a.pid"
          + " WHERE a.pid <> pg_backend_pid()";

  /**
   * Every session but this one, now, in one statement; a session waiting on a lock or an LWLock
   * with the table it waits on ({@link Session#relation}).
   */
  synchronized List<Session> sessions() throws SQLException {
    List<Session> sessions = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(SESSIONS)) {
      while (rows.next()) {
        String relation = rows.getString(7);
        if (relation == null) {
          relation = StatementTable.of(rows.getString(8)).orElse(null);
        }
        sessions.add(
            new Session(
                rows.getInt(1),
                rows.getString(2),
                rows.getString(3),
                rows.getString(4),
                rows.getString(5),
                rows.getLong(6),
                relation));
      }
    }
    return sessions;
  }

  /**
   * Orders waiting for a fetcher: NEW rows of {@code order_inbox}, counted through its partial
   * index with sequential scans off for this one query, so that the observer adds no sequential
   * scan to the table's statistics (they feed a finding). {@link PgStatements#OWN_STATEMENT} knows
   * all three statements as the observer's.
   */
  synchronized long inboxWaiting() throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("SET enable_seqscan = off");
      try (ResultSet rows =
          statement.executeQuery(
              "SELECT count(*) AS inbox_waiting FROM order_inbox WHERE status = 'NEW'")) {
        rows.next();
        return rows.getLong(1);
      } finally {
        statement.execute("RESET enable_seqscan");
      }
    }
  }

  synchronized int maxConnections() throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SHOW max_connections")) {
      rows.next();
      return Integer.parseInt(rows.getString(1));
    }
  }

  synchronized PgSnapshot snapshot() throws SQLException {
    long now = System.currentTimeMillis();
    Map<String, Map<String, Double>> values = new LinkedHashMap<>();
    for (Map.Entry<String, String> view : views().entrySet()) {
      List<Map<String, Double>> rows = numericRows(view.getValue(), 0).values().stream().toList();
      values.put(view.getKey(), rows.isEmpty() ? Map.of() : rows.get(0));
    }
    // statistics_columns: whether the planner has column statistics (pg_stats) of the table
    Map<String, Map<String, Double>> tables =
        numericRows(
            "SELECT t.relname, t.*, (SELECT count(*) FROM pg_stats s WHERE s.schemaname ="
                + " t.schemaname AND s.tablename = t.relname) AS statistics_columns"
                + " FROM pg_stat_user_tables t",
            1);
    Map<String, Map<String, Double>> indexes =
        numericRows("SELECT relname || '.' || indexrelname, * FROM pg_stat_user_indexes", 1);
    PgStatements.Read read = statements.read();
    return new PgSnapshot(now, values, tables, indexes, read.byKey(), read.ownCalls());
  }

  /** The views of {@link #VIEWS} this server has. */
  private Map<String, String> views() throws SQLException {
    if (views == null) {
      Map<String, String> present = new LinkedHashMap<>();
      for (Map.Entry<String, String> view : VIEWS.entrySet()) {
        if (exists(view.getValue().replaceAll(".* FROM (\\w+).*", "$1"))) {
          present.put(view.getKey(), view.getValue());
        }
      }
      views = present;
    }
    return views;
  }

  private boolean exists(String relation) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT to_regclass('pg_catalog." + relation + "') IS NOT NULL")) {
      rows.next();
      return rows.getBoolean(1);
    }
  }

  /** Rows keyed by column {@code keyColumn} (1-based; 0 for a single row), numeric columns only. */
  private Map<String, Map<String, Double>> numericRows(String sql, int keyColumn)
      throws SQLException {
    Map<String, Map<String, Double>> result = new LinkedHashMap<>();
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      ResultSetMetaData meta = rows.getMetaData();
      while (rows.next()) {
        Map<String, Double> values = new LinkedHashMap<>();
        for (int c = 1; c <= meta.getColumnCount(); c++) {
          if (c != keyColumn
              && NUMERIC.contains(meta.getColumnType(c))
              && !IDENTIFIERS.contains(meta.getColumnLabel(c))) {
            double value = rows.getDouble(c);
            if (!rows.wasNull()) {
              values.put(meta.getColumnLabel(c), value);
            }
          }
        }
        result.put(keyColumn == 0 ? "row" + result.size() : rows.getString(keyColumn), values);
      }
    }
    return result;
  }

  @Override
  public synchronized void close() {
    try {
      connection.close();
    } catch (SQLException e) {
      // Closing an observer connection that is already broken.
    }
  }
}
