package io.tunelab.middleware.engine;

import io.tunelab.middleware.db.Pool;
import io.tunelab.middleware.jms.Outbound;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import jakarta.jms.XASession;
import jakarta.transaction.Status;
import jakarta.transaction.SystemException;
import jakarta.transaction.TransactionManager;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.XAConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code xa}: one global transaction per message over the thread's XA session and its own
 * PostgreSQL XA connection, committed in two phases by Narayana when both took part. The database
 * joins on first use, so a message without database work commits in one phase.
 */
final class XaTransaction implements StageTransaction {
  private static final Logger LOG = LoggerFactory.getLogger(XaTransaction.class);

  private final TransactionManager manager;
  private final XASession session;
  private final Outbound out;
  private final XAConnection database;
  private final Connection handle;
  private boolean savepointSet;
  private boolean databaseJoined;

  XaTransaction(
      TransactionManager manager, XASession session, boolean persistent, XAConnection database)
      throws JMSException, SQLException {
    this.manager = manager;
    this.session = session;
    this.out = new Outbound(session, persistent);
    this.database = database;
    this.handle = database.getConnection();
  }

  @Override
  public Session session() {
    return session;
  }

  @Override
  public Outbound out() {
    return out;
  }

  @Override
  public void begin() throws JMSException {
    try {
      if (manager.getStatus() != Status.STATUS_NO_TRANSACTION) {
        manager.rollback();
      }
      manager.begin();
      databaseJoined = false;
      savepointSet = false;
      manager.getTransaction().enlistResource(session.getXAResource());
    } catch (Exception e) {
      throw jmsException("could not begin an XA transaction", e);
    }
  }

  @Override
  public Connection connection() throws SQLException {
    if (!databaseJoined) {
      try {
        manager.getTransaction().enlistResource(database.getXAResource());
      } catch (Exception e) {
        throw new SQLException("could not enlist PostgreSQL in the XA transaction: " + e, e);
      }
      databaseJoined = true;
      // pgjdbc refuses setSavepoint() in an XA branch; PostgreSQL itself allows savepoints there
      execute("SAVEPOINT stage_start");
      savepointSet = true;
    }
    return handle;
  }

  @Override
  public void undoDatabaseWork() throws SQLException {
    if (savepointSet) {
      execute("ROLLBACK TO SAVEPOINT stage_start");
    }
  }

  @Override
  public <T> T beforeAcknowledge(Pool.SqlWork<T> work) throws SQLException {
    return work.run(connection());
  }

  @Override
  public void commit() throws JMSException {
    try {
      manager.commit();
    } catch (Exception e) {
      throw jmsException("XA commit failed, rolled back", e);
    }
  }

  @Override
  public void rollback() {
    try {
      if (manager.getStatus() != Status.STATUS_NO_TRANSACTION) {
        manager.rollback();
      }
    } catch (SystemException | RuntimeException e) {
      LOG.warn("XA rollback failed: {}", e.toString());
    }
  }

  private void execute(String sql) throws SQLException {
    try (Statement statement = handle.createStatement()) {
      statement.execute(sql);
    }
  }

  private static JMSException jmsException(String message, Exception cause) {
    JMSException exception = new JMSException(message + ": " + cause);
    exception.setLinkedException(cause);
    exception.initCause(cause);
    return exception;
  }

  @Override
  public void close() {
    rollback();
    try {
      handle.close();
      database.close();
    } catch (SQLException e) {
      LOG.warn("closing an XA database connection failed: {}", e.toString());
    }
    try {
      session.close();
    } catch (JMSException e) {
      // stopping anyway
    }
  }
}
