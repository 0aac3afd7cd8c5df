package io.tunelab.tiers.db;

import io.tunelab.core.results.StartState;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads the database's part of a {@link StartState}: every table of the schema (Flyway's history
 * left out) with its sizes, rows and planner statistics, and every sequence's position. Dead rows
 * are counted by {@code pgstattuple}, which reads the pages, when the extension can be had (it
 * ships with PostgreSQL's contrib; creating it needs a superuser, as tunelab's own cluster has);
 * otherwise from the cumulative statistics, which other sessions update up to a second late.
 */
final class StartStateQuery {
  private static final String TABLES =
      "SELECT c.relname, pg_relation_size(c.oid), pg_indexes_size(c.oid), c.reltuples,"
          + " c.relpages, (SELECT count(*) FROM pg_stats s WHERE s.schemaname = current_schema()"
          + " AND s.tablename = c.relname), coalesce(t.n_live_tup, 0), coalesce(t.n_dead_tup, 0)"
          + " FROM pg_class c LEFT JOIN pg_stat_user_tables t ON t.relid = c.oid"
          + " WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'"
          + " AND c.relname <> 'flyway_schema_history' ORDER BY c.relname";

  private StartStateQuery() {}

  static StartState read(Connection connection) throws SQLException {
    boolean exact = pgstattuple(connection);
    Map<String, StartState.Relation> relations = new LinkedHashMap<>();
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(TABLES)) {
      while (rows.next()) {
        relations.put(
            rows.getString(1),
            new StartState.Relation(
                rows.getLong(2),
                rows.getLong(3),
                rows.getLong(7),
                rows.getLong(8),
                rows.getDouble(4),
                rows.getLong(5),
                rows.getLong(6)));
      }
    }
    if (exact) {
      relations.replaceAll((name, r) -> counted(connection, name, r));
    }
    return new StartState(
        relations, sequences(connection), null, null, exact ? "pgstattuple" : "statistics");
  }

  private static StartState.Relation counted(
      Connection connection, String table, StartState.Relation r) {
    try (Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT tuple_count, dead_tuple_count FROM pgstattuple('"
                    + table.replace("'", "''")
                    + "'::regclass)")) {
      rows.next();
      return new StartState.Relation(
          r.heapBytes(),
          r.indexBytes(),
          rows.getLong(1),
          rows.getLong(2),
          r.plannerRows(),
          r.plannerPages(),
          r.statisticsRows());
    } catch (SQLException e) {
      throw new DatabaseException("counting the rows of " + table + ": " + e.getMessage(), e);
    }
  }

  private static Map<String, Long> sequences(Connection connection) throws SQLException {
    Map<String, Long> sequences = new LinkedHashMap<>();
    try (Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT sequencename, coalesce(last_value, 0) FROM pg_sequences"
                    + " WHERE schemaname = current_schema() ORDER BY sequencename")) {
      while (rows.next()) {
        sequences.put(rows.getString(1), rows.getLong(2));
      }
    }
    return sequences;
  }

  /** Whether pgstattuple is there or could be created. */
  private static boolean pgstattuple(Connection connection) {
    try (Statement statement = connection.createStatement()) {
      statement.execute("CREATE EXTENSION IF NOT EXISTS pgstattuple");
      return true;
    } catch (SQLException e) {
      return false;
    }
  }
}
