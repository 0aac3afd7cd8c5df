package io.tunelab.tiers.db;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** The sessions of the database that hold a transaction open, oldest first: who holds the locks. */
final class LockHolders {
  private static final int LISTED = 5;

  private LockHolders() {}

  /** One line per session in a transaction, or what could not be read. */
  static String describe(Connection connection) {
    List<String> sessions = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT pid, usename, state, extract(epoch FROM now() - xact_start)::int,"
                    + " left(regexp_replace(query, '\\s+', ' ', 'g'), 100)"
                    + " FROM pg_stat_activity WHERE datname = current_database()"
                    + " AND pid <> pg_backend_pid() AND xact_start IS NOT NULL"
                    + " ORDER BY xact_start LIMIT "
                    + LISTED)) {
      while (rows.next()) {
        sessions.add(
            "pid "
                + rows.getInt(1)
                + " ("
                + rows.getString(2)
                + ", "
                + rows.getString(3)
                + ", its transaction open "
                + rows.getInt(4)
                + " s, last statement: "
                + rows.getString(5)
                + ")");
      }
    } catch (SQLException e) {
      return "the sessions holding it could not be read (" + e.getMessage() + ")";
    }
    return sessions.isEmpty()
        ? "no session holds a transaction open any more"
        : "held by " + String.join("; ", sessions);
  }
}
