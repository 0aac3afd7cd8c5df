package io.tunelab.tiers.db;

import io.tunelab.core.BadInputException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * tunelab's marker in a database: the row of {@value #TABLE} that its migration {@code
 * V13__tunelab_marker.sql} writes. The harness purges run data and rolls back prepared transactions
 * only in a database that carries it, so one it was merely pointed at is never harmed.
 */
final class DatabaseMarker {
  static final String TABLE = "tunelab_marker";

  private static final String UNDEFINED_TABLE = "42P01";

  private DatabaseMarker() {}

  /** Whether the connection's database (its current schema) carries the marker. */
  static boolean present(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery("SELECT count(*) FROM " + TABLE + " WHERE owner = 'tunelab'")) {
      rows.next();
      return rows.getLong(1) == 1;
    } catch (SQLException e) {
      if (UNDEFINED_TABLE.equals(e.getSQLState())) {
        return false;
      }
      throw e;
    }
  }

  /**
   * @param what what would have been done, for the message
   * @throws BadInputException naming the database, the marker and the fix when it is absent
   */
  static void require(Jdbc jdbc, String what) {
    if (!jdbc.call("looking for tunelab's marker", DatabaseMarker::present)) {
      throw new BadInputException(
          "the database at "
              + jdbc.url()
              + " does not carry tunelab's marker (the table "
              + TABLE
              + " its migrations write), so tunelab will not "
              + what
              + " there: give --endpoints a database made for tunelab (an empty one: tunelab"
              + " migrates it and marks it) or let tunelab start its own (--provider embedded)");
    }
  }

  /**
   * Whether tunelab may migrate the connection's database: it carries the marker, its schema is
   * still empty (tunelab's migrations take it and mark it), or it holds the schema of a tunelab
   * from before the marker (Flyway's history starts with tunelab's first migration).
   */
  static boolean migratable(Connection connection) throws SQLException {
    if (present(connection)) {
      return true;
    }
    long tables =
        Jdbc.number(
            connection,
            "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()"
                + " AND tablename <> 'flyway_schema_history'");
    if (tables == 0) {
      return true;
    }
    try (Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT count(*) FROM flyway_schema_history WHERE version = '1'"
                    + " AND description = '"
                    + FIRST_MIGRATION
                    + "'")) {
      rows.next();
      return rows.getLong(1) == 1;
    } catch (SQLException e) {
      if (UNDEFINED_TABLE.equals(e.getSQLState())) {
        return false;
      }
      throw e;
    }
  }

  /** How Flyway records tunelab's {@code V1__xref_and_setup_tables.sql}. */
  static final String FIRST_MIGRATION = "xref and setup tables";

  /**
   * @throws BadInputException naming the database and the fix when it holds another schema
   */
  static void requireMigratable(Jdbc jdbc) {
    if (!jdbc.call("looking for tunelab's marker", DatabaseMarker::migratable)) {
      throw new BadInputException(
          "the database at "
              + jdbc.url()
              + " holds tables that are not tunelab's (no "
              + TABLE
              + ", no tunelab migration history), so tunelab will not migrate, seed or purge it:"
              + " give --endpoints an empty database made for tunelab (CREATE DATABASE tunelab),"
              + " or let tunelab start its own (--provider embedded)");
    }
  }
}
