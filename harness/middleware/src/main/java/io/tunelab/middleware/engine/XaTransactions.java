package io.tunelab.middleware.engine;

import com.arjuna.ats.arjuna.common.ObjectStoreEnvironmentBean;
import com.arjuna.ats.arjuna.common.arjPropertyManager;
import com.arjuna.common.internal.util.propertyservice.BeanPopulator;
import io.tunelab.middleware.config.MiddlewareSettings;
import io.tunelab.middleware.config.SettingsException;
import io.tunelab.middleware.db.Pool;
import jakarta.jms.JMSException;
import jakarta.jms.XAConnection;
import jakarta.transaction.SystemException;
import jakarta.transaction.TransactionManager;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import org.postgresql.xa.PGXADataSource;

/**
 * {@code transactions=xa}: Narayana as the transaction manager, one XA session per thread on a
 * shared Artemis XA connection, and one PostgreSQL XA connection per thread (XA connections are not
 * pooled, so these come on top of the JDBC pool, which keeps serving work outside the global
 * transactions). Its log lives in {@code narayana/} in the working directory.
 */
final class XaTransactions implements Transactions {
  /** Long enough for a stage whose back-end calls all time out and are retried. */
  private static final int TIMEOUT_SECONDS = 600;

  private final TransactionManager manager;
  private final XAConnection broker;
  private final PGXADataSource database;
  private final boolean persistent;
  private final AtomicInteger opened = new AtomicInteger();

  /**
   * @throws SettingsException when the database cannot prepare transactions
   */
  XaTransactions(MiddlewareSettings settings, XAConnection broker, Pool pool) {
    requirePreparedTransactions(pool, settings.dbUrl());
    this.manager = transactionManager(Path.of("narayana"));
    this.broker = broker;
    this.persistent = settings.messagesPersistent();
    this.database = new PGXADataSource();
    database.setUrl(settings.dbUrl());
    database.setUser(settings.dbUser());
    database.setPassword(settings.dbPassword());
    database.setApplicationName(Pool.APPLICATION_NAME);
    database.setPrepareThreshold(settings.jdbcPrepareThreshold());
    database.setPreparedStatementCacheQueries(settings.jdbcStatementCacheQueries());
  }

  private static TransactionManager transactionManager(Path store) {
    try {
      arjPropertyManager
          .getCoreEnvironmentBean()
          .setNodeIdentifier(io.tunelab.middleware.Middleware.XA_NODE_IDENTIFIER);
    } catch (Exception e) {
      throw new IllegalStateException("Narayana refused its node identifier: " + e, e);
    }
    // No status listener: nothing recovers from another process here (see docs/order-to-bill.md).
    arjPropertyManager.getCoordinatorEnvironmentBean().setTransactionStatusManagerEnable(false);
    String dir = store.toAbsolutePath().toString();
    for (String name : new String[] {null, "communicationStore", "stateStore"}) {
      ObjectStoreEnvironmentBean bean =
          name == null
              ? BeanPopulator.getDefaultInstance(ObjectStoreEnvironmentBean.class)
              : BeanPopulator.getNamedInstance(ObjectStoreEnvironmentBean.class, name);
      bean.setObjectStoreDir(dir);
    }
    TransactionManager manager = com.arjuna.ats.jta.TransactionManager.transactionManager();
    try {
      manager.setTransactionTimeout(TIMEOUT_SECONDS);
    } catch (SystemException e) {
      throw new IllegalStateException(e.toString(), e);
    }
    return manager;
  }

  private static void requirePreparedTransactions(Pool pool, String dbUrl) {
    int allowed =
        pool.inTransaction(
            connection -> {
              try (Statement show = connection.createStatement();
                  ResultSet row = show.executeQuery("SHOW max_prepared_transactions")) {
                row.next();
                return Integer.parseInt(row.getString(1));
              }
            });
    if (allowed == 0) {
      throw new SettingsException(
          "transactions=xa needs PostgreSQL's max_prepared_transactions above 0, it is 0 on "
              + dbUrl
              + "; set the knob db.server.max_prepared_transactions (e.g. 100) and restart the db");
    }
  }

  @Override
  public StageTransaction open() throws JMSException {
    try {
      StageTransaction transaction =
          new XaTransaction(
              manager, broker.createXASession(), persistent, database.getXAConnection());
      opened.incrementAndGet();
      return transaction;
    } catch (SQLException e) {
      JMSException failure = new JMSException("no PostgreSQL XA connection: " + e);
      failure.initCause(e);
      throw failure;
    }
  }

  @Override
  public int dedicatedConnections() {
    return opened.get();
  }

  @Override
  public void close() {
    // each transaction closes its own connections; the broker connection belongs to the pipeline
  }
}
