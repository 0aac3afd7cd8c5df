package io.tunelab.tiers.db;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** One connection per piece of work, and SQL errors turned into messages that say what failed. */
final class Jdbc {
  private final String url;
  private final String user;
  private final String password;

  /** While a {@link Held} is open: the connection every call shares. */
  private KeptConnection held;

  Jdbc(String url, String user, String password) {
    this.url = url;
    this.user = user;
    this.password = password;
  }

  String url() {
    return url;
  }

  /**
   * @param what what the work does, for the message, e.g. {@code "seeding 1000 customers"}
   */
  <T> T call(String what, KeptConnection.Work<T> work) {
    try {
      KeptConnection shared;
      synchronized (this) {
        shared = held;
      }
      if (shared != null) {
        return shared.use(work);
      }
      try (Connection connection = DriverManager.getConnection(url, user, password)) {
        return work.run(connection);
      }
    } catch (SQLException e) {
      throw new DatabaseException(
          what
              + " on "
              + url
              + " failed: "
              + e.getMessage()
              + " (SQLState "
              + e.getSQLState()
              + ")",
          e);
    }
  }

  /**
   * Until the returned handle is closed, every call runs on one connection, opened by the first: a
   * connection costs a PostgreSQL backend and, in this JVM, a SCRAM exchange (4,096 rounds of
   * PBKDF2), which a series of short calls paid once each ({@link KeptConnection}: a call that
   * fails on a dropped connection drops it, the next opens another).
   */
  synchronized Held hold() {
    held = KeptConnection.to(url, user, password);
    return this::release;
  }

  /** An open {@link #hold}; closing it closes the shared connection. */
  interface Held extends AutoCloseable {
    @Override
    void close();
  }

  private synchronized void release() {
    if (held != null) {
      held.close();
      held = null;
    }
  }

  /** The single number {@code sql} answers. */
  static long number(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      rows.next();
      return rows.getLong(1);
    }
  }
}
