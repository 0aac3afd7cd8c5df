package io.tunelab.run.observe;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads {@code pg_stat_statements} for this database over the observer's connection, telling the
 * system under test's statements from the observer's and the harness's own.
 */
final class PgStatements {
  /**
   * Statements that are not the system under test's: the observer's own (on the statistics views,
   * the checks of its first snapshot, and the inbox depth it samples) and the harness's drain
   * watcher polling for faulted orders ({@code
   * io.tunelab.run.plans.batchorder.drain.FaultedOrders}, four times a second in the measured
   * window). Left out of the top SQL and of the statements per unit; their calls, each its own
   * autocommit transaction, are taken off the commits.
   */
  static final String OWN_STATEMENT =
      "(s.query LIKE '%pg_stat%' OR s.query LIKE '%pg_backend_pid%' OR s.query LIKE 'SHOW %'"
          + " OR s.query LIKE '%to_regclass(%' OR s.query LIKE '%FROM pg_extension%'"
          + " OR s.query LIKE '%fault_reason FROM process_instance%'"
          + " OR s.query LIKE '%enable_seqscan%' OR s.query LIKE '%AS inbox_waiting%')";

  private static final String QUERY =
      "SELECT s.queryid::text || '/' || s.userid::text || '/' || s.toplevel::text, s.query, "
          + OWN_STATEMENT
          + " AS own, s.calls, s.total_exec_time, s.rows, s.shared_blks_hit, s.shared_blks_read,"
          + " s.shared_blks_dirtied, s.shared_blks_written, s.temp_blks_written, s.plans,"
          + " s.total_plan_time"
          + " FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid"
          + " WHERE d.datname = current_database()";

  private final Connection connection;
  private boolean loaded;

  PgStatements(Connection connection) {
    this.connection = connection;
  }

  /**
   * One reading.
   *
   * @param byKey the system under test's statements keyed {@code queryid/userid/toplevel}; empty
   *     when the extension is not loaded
   * @param ownCalls calls of the statements left out ({@link #OWN_STATEMENT})
   */
  record Read(Map<String, PgSnapshot.Statement> byKey, double ownCalls) {}

  Read read() throws SQLException {
    Map<String, PgSnapshot.Statement> statements = new LinkedHashMap<>();
    if (!loaded()) {
      return new Read(statements, 0);
    }
    double ownCalls = 0;
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(QUERY)) {
      ResultSetMetaData meta = rows.getMetaData();
      while (rows.next()) {
        if (rows.getBoolean(3)) {
          ownCalls += rows.getDouble(4);
          continue;
        }
        Map<String, Double> counters = new LinkedHashMap<>();
        for (int c = 4; c <= meta.getColumnCount(); c++) {
          counters.put(meta.getColumnLabel(c), rows.getDouble(c));
        }
        statements.put(rows.getString(1), new PgSnapshot.Statement(rows.getString(2), counters));
      }
    }
    return new Read(statements, ownCalls);
  }

  /** Asked until it is there: an extension once created stays for the observer's life. */
  private boolean loaded() throws SQLException {
    if (!loaded) {
      try (Statement statement = connection.createStatement();
          ResultSet rows =
              statement.executeQuery(
                  "SELECT count(*) FROM pg_extension WHERE extname = 'pg_stat_statements'")) {
        rows.next();
        loaded = rows.getInt(1) > 0;
      }
    }
    return loaded;
  }
}
