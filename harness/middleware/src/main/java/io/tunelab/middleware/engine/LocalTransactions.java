package io.tunelab.middleware.engine;

import io.tunelab.middleware.db.Pool;
import io.tunelab.middleware.jms.Outbound;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Session;

/** {@code transactions=local}: a transacted session per thread, database connections pooled. */
final class LocalTransactions implements Transactions {
  private final Pool pool;
  private final Connection connection;
  private final boolean persistent;

  LocalTransactions(Pool pool, Connection connection, boolean persistent) {
    this.pool = pool;
    this.connection = connection;
    this.persistent = persistent;
  }

  @Override
  public StageTransaction open() throws JMSException {
    Session session = connection.createSession(true, Session.SESSION_TRANSACTED);
    return new LocalTransaction(pool, new Outbound(session, persistent));
  }

  @Override
  public int dedicatedConnections() {
    return 0;
  }

  @Override
  public void close() {
    // the connection belongs to the pipeline
  }
}
