package io.tunelab.tiers.db;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * One database connection for a series of calls, opened by the first and kept until closed. Pollers
 * ask several times a second inside a measured window, and a connection per call started a
 * PostgreSQL backend (and, in this JVM, a SCRAM exchange of 4,096 PBKDF2 rounds) each time: CPU
 * that landed in the database's cost per unit of work.
 *
 * <p>A call that fails on a connection still valid is the call's own error: the connection stays,
 * its transaction rolled back. A call that fails on a connection that is gone (the database was
 * killed on purpose, or restarted) drops it, and the next call opens another; {@link #read} tries
 * once more on the new one at once, which a query may and a write may not.
 */
public final class KeptConnection implements AutoCloseable {
  /** Opens a new connection. */
  public interface Opener {
    Connection open() throws SQLException;
  }

  /** Work on the kept connection. */
  public interface Work<T> {
    T run(Connection connection) throws SQLException;
  }

  private static final int VALID_SECONDS = 2;

  private final Opener opener;
  private Connection connection;

  public KeptConnection(Opener opener) {
    this.opener = opener;
  }

  public static KeptConnection to(String url, String user, String password) {
    return new KeptConnection(() -> DriverManager.getConnection(url, user, password));
  }

  /** Runs {@code work} once on the kept connection (opened first when there is none). */
  public synchronized <T> T use(Work<T> work) throws SQLException {
    if (connection == null) {
      connection = opener.open();
    }
    try {
      T result = work.run(connection);
      endTransaction();
      return result;
    } catch (SQLException | RuntimeException e) {
      keepOnlyIfValid();
      throw e;
    }
  }

  /**
   * Runs a read-only {@code work}, and once more on a new connection when the kept one turned out
   * to be gone: a query the database answers after its restart needs no second poll.
   */
  public synchronized <T> T read(Work<T> work) throws SQLException {
    boolean hadOne = connection != null;
    try {
      return use(work);
    } catch (SQLException e) {
      if (!hadOne || connection != null) {
        throw e;
      }
      return use(work);
    }
  }

  /** Whether a connection is kept now (none is opened to answer). */
  public synchronized boolean isOpen() {
    return connection != null;
  }

  private void keepOnlyIfValid() {
    boolean valid;
    try {
      valid = connection.isValid(VALID_SECONDS);
      if (valid) {
        endTransaction();
      }
    } catch (SQLException e) {
      valid = false;
    }
    if (!valid) {
      close();
    }
  }

  /** Rolls back what the work left open, so the next call starts in auto-commit. */
  private void endTransaction() throws SQLException {
    if (!connection.getAutoCommit()) {
      connection.rollback();
      connection.setAutoCommit(true);
    }
  }

  /** Closes the kept connection, if any; a later call opens another. */
  @Override
  public synchronized void close() {
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException e) {
        // dropped by the database already: nothing left to close
      }
      connection = null;
    }
  }
}
