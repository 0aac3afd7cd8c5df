package io.tunelab.middleware.engine;

import io.tunelab.middleware.db.Pool;
import io.tunelab.middleware.jms.Outbound;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import java.sql.Connection;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code local}: the JMS transaction commits first, then the database's. A failure between the two
 * loses database rows of an order that goes on, never the order itself: the gap this mode accepts.
 * The pooled connection is borrowed on first use and returned at the end of each transaction.
 */
final class LocalTransaction implements StageTransaction {
  private static final Logger LOG = LoggerFactory.getLogger(LocalTransaction.class);

  private final Pool pool;
  private final Outbound out;
  private Connection connection;

  LocalTransaction(Pool pool, Outbound out) {
    this.pool = pool;
    this.out = out;
  }

  @Override
  public Session session() {
    return out.session();
  }

  @Override
  public Outbound out() {
    return out;
  }

  @Override
  public void begin() {
    // a transacted session is always in a transaction
  }

  @Override
  public Connection connection() throws SQLException {
    if (connection == null) {
      Connection borrowed = pool.connection();
      borrowed.setAutoCommit(false);
      connection = borrowed;
    }
    return connection;
  }

  @Override
  public void undoDatabaseWork() throws SQLException {
    if (connection != null) {
      // returned to the pool: what comes next (a fault record in its own transaction) borrows
      // one, and a thread holding two at once starves a small pool into timeouts
      connection.rollback();
      release();
    }
  }

  @Override
  public <T> T beforeAcknowledge(Pool.SqlWork<T> work) {
    return pool.inTransaction(work);
  }

  @Override
  public void commit() throws JMSException {
    out.commit();
    if (connection != null) {
      try {
        connection.commit();
      } catch (SQLException e) {
        LOG.error("a message went on but its database rows were lost: {}", e.toString());
      }
      release();
    }
  }

  @Override
  public void rollback() {
    if (connection != null) {
      try {
        connection.rollback();
      } catch (SQLException e) {
        LOG.warn("database rollback failed: {}", e.toString());
      }
      release();
    }
    try {
      out.rollback();
    } catch (JMSException | RuntimeException e) {
      // a broken session: the broker rolls it back
    }
  }

  private void release() {
    try {
      connection.setAutoCommit(true);
      connection.close();
    } catch (SQLException e) {
      LOG.warn("returning a connection to the pool failed: {}", e.toString());
    }
    connection = null;
  }

  @Override
  public void close() {
    rollback();
    try {
      out.close();
    } catch (JMSException e) {
      // stopping anyway
    }
  }
}
