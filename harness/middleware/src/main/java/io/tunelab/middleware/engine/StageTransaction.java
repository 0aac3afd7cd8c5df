package io.tunelab.middleware.engine;

import io.tunelab.middleware.db.Pool;
import io.tunelab.middleware.jms.Outbound;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The transaction of one receiving or processing thread, begun and ended once per message: what the
 * thread receives and sends on its session, and the stage's database work. {@code local} commits
 * the JMS transaction and then the database's; {@code xa} commits both in one two-phase
 * transaction.
 */
interface StageTransaction extends AutoCloseable {
  /** The thread's session, to create its consumer on: receipts are part of the transaction. */
  Session session();

  /** Sends to the next stage within the transaction. */
  Outbound out();

  /** Starts the next transaction; receive after this, so the receipt belongs to it. */
  void begin() throws JMSException;

  /** The database side of the transaction, joined on first use. */
  Connection connection() throws SQLException;

  /** Drops the stage's database work so far, keeping the transaction (and the receipt) open. */
  void undoDatabaseWork() throws SQLException;

  /**
   * Database work that must be durable no later than the acknowledgement, e.g. a fault record: in
   * its own transaction, committed now ({@code local}), or inside this one ({@code xa}).
   */
  <T> T beforeAcknowledge(Pool.SqlWork<T> work) throws SQLException;

  /**
   * Commits what was received, sent and written.
   *
   * @throws JMSException when the transaction could not commit: it is rolled back, and the message
   *     comes again
   */
  void commit() throws JMSException;

  /** Rolls everything back: the message comes again, or goes to the dead-letter queue. */
  void rollback();

  @Override
  void close();
}
