package io.tunelab.middleware.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import io.micrometer.core.instrument.MeterRegistry;
import io.tunelab.middleware.config.MiddlewareSettings;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

/**
 * The middleware's JDBC pool: HikariCP sized by {@code jdbc.poolSize}, pgjdbc statement settings
 * from {@code jdbc.prepareThreshold} and {@code jdbc.statementCacheQueries}.
 */
public final class Pool implements AutoCloseable {
  /** How the middleware's sessions show in {@code pg_stat_activity.application_name}. */
  public static final String APPLICATION_NAME = "tunelab-middleware";

  private final HikariDataSource dataSource;
  private final RefusalCountingDataSource driver;

  private Pool(HikariDataSource dataSource, RefusalCountingDataSource driver) {
    this.dataSource = dataSource;
    this.driver = driver;
  }

  /**
   * Opens the pool, its meters (HikariCP's own) in {@code meters} when given; fails when the
   * database cannot be reached.
   */
  public static Pool open(MiddlewareSettings settings, Optional<MeterRegistry> meters) {
    RefusalCountingDataSource driver = new RefusalCountingDataSource();
    driver.setUrl(settings.dbUrl());
    driver.setApplicationName(APPLICATION_NAME);
    driver.setPrepareThreshold(settings.jdbcPrepareThreshold());
    driver.setPreparedStatementCacheQueries(settings.jdbcStatementCacheQueries());
    HikariConfig config = new HikariConfig();
    config.setPoolName("tunelab-middleware");
    config.setDataSource(driver);
    config.setUsername(settings.dbUser());
    config.setPassword(settings.dbPassword());
    config.setMaximumPoolSize(settings.jdbcPoolSize());
    config.setMinimumIdle(settings.jdbcPoolSize());
    config.setAutoCommit(true);
    meters.ifPresent(m -> config.setMetricsTrackerFactory(new MicrometerMetricsTrackerFactory(m)));
    return new Pool(new HikariDataSource(config), driver);
  }

  /** A connection with auto-commit on. */
  public Connection connection() throws SQLException {
    return dataSource.getConnection();
  }

  /** Runs {@code work} in one transaction on one connection, committed when it returns. */
  public <T> T inTransaction(SqlWork<T> work) {
    try (Connection connection = dataSource.getConnection()) {
      connection.setAutoCommit(false);
      try {
        T result = work.run(connection);
        connection.commit();
        return result;
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      } finally {
        connection.setAutoCommit(true);
      }
    } catch (SQLException e) {
      throw new DbException(e);
    }
  }

  /** Threads waiting for a connection right now (pool too small when often above 0). */
  public int threadsAwaitingConnection() {
    return dataSource.getHikariPoolMXBean().getThreadsAwaitingConnection();
  }

  /**
   * Connections the server refused the pool for want of a session (SQLSTATE 53300), since the
   * start.
   */
  public long connectionRefusals() {
    return driver.refusals();
  }

  @Override
  public void close() {
    dataSource.close();
  }

  /** Database work on one connection. */
  @FunctionalInterface
  public interface SqlWork<T> {
    T run(Connection connection) throws SQLException;
  }
}
