package io.tunelab.middleware.engine;

import jakarta.jms.JMSException;

/** Opens the per-thread transactions of the configured mode ({@code transactions} setting). */
interface Transactions extends AutoCloseable {
  /** A transaction for one thread, with its own session (and database connection, for XA). */
  StageTransaction open() throws JMSException;

  /** Database connections this mode holds besides the pool, for the status endpoint. */
  int dedicatedConnections();

  @Override
  void close();
}
