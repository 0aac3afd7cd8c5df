package io.tunelab.middleware.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicLong;
import org.postgresql.ds.PGSimpleDataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * pgjdbc's data source that counts the connections the server refused for want of a session
 * (SQLSTATE 53300: {@code max_connections} or the role's connection limit reached, the studies'
 * ORA-12519). The pool keeps asking for the connections it lacks, so the count is what a DBA would
 * read in the server's log as "too many clients", seen from the application's side.
 */
final class RefusalCountingDataSource extends PGSimpleDataSource {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(RefusalCountingDataSource.class);

  /** PostgreSQL's too_many_connections. */
  static final String TOO_MANY_CONNECTIONS = "53300";

  private final transient AtomicLong refusals = new AtomicLong();

  @Override
  public Connection getConnection(String user, String password) throws SQLException {
    try {
      return super.getConnection(user, password);
    } catch (SQLException e) {
      if (TOO_MANY_CONNECTIONS.equals(e.getSQLState()) && refusals.incrementAndGet() == 1) {
        // once: the pool retries all run long, the count is in the status
        LOG.warn(
            "the database refused a connection: {} (counted in jdbcConnectionRefusals)",
            e.getMessage());
      }
      throw e;
    }
  }

  long refusals() {
    return refusals.get();
  }
}
