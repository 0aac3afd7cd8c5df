package io.tunelab.middleware.engine;

import io.tunelab.middleware.db.Pool;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells a database that is gone (killed, restarting, unreachable) from a failure of the order, and
 * waits for it to answer again. While it is gone nothing can be processed nor faulted, and a
 * consumer that rolled back at once would spend the broker's deliveries in a second and see the
 * message dead-lettered with no fault recorded: an order lost. Held until the database answers, the
 * message is delivered again onto a database that works.
 */
final class DatabaseOutage {
  private static final Logger LOG = LoggerFactory.getLogger(DatabaseOutage.class);
  private static final long FIRST_PAUSE_MILLIS = 250;
  private static final long MAX_PAUSE_MILLIS = 2_000;

  /** How long a message is held for a database that does not come back. */
  static final Duration HOLD = Duration.ofMinutes(5);

  private final Pool pool;

  DatabaseOutage(Pool pool) {
    this.pool = pool;
  }

  /**
   * Whether {@code failure} says the database connection is gone: SQLSTATE class 08 (connection
   * exception), 57P01-57P03 (shut down, crashed, starting up), the pool's timeout, or a connection
   * the pool already saw closed.
   */
  static boolean isCause(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof SQLTransientConnectionException) {
        return true;
      }
      if (t instanceof SQLException sql) {
        String state = sql.getSQLState();
        if (state != null && (state.startsWith("08") || state.startsWith("57P"))) {
          return true;
        }
        if (String.valueOf(sql.getMessage()).contains("Connection is closed")) {
          return true;
        }
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return false;
  }

  /**
   * Waits until a connection from the pool answers, backing off up to {@value #MAX_PAUSE_MILLIS} ms
   * between tries, for at most {@code atMost}.
   *
   * @return whether it answers
   */
  boolean awaitBack(String who, Duration atMost) {
    long deadline = System.nanoTime() + atMost.toNanos();
    long pause = FIRST_PAUSE_MILLIS;
    long started = System.nanoTime();
    LOG.warn("{}: the database is gone; holding the message until it answers", who);
    while (System.nanoTime() < deadline) {
      try {
        Thread.sleep(pause);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
      if (answers()) {
        LOG.info(
            "{}: the database answers again after {} ms",
            who,
            (System.nanoTime() - started) / 1_000_000);
        return true;
      }
      pause = Math.min(MAX_PAUSE_MILLIS, pause * 2);
    }
    LOG.error("{}: the database did not answer for {} s", who, atMost.toSeconds());
    return false;
  }

  private boolean answers() {
    try (Connection connection = pool.connection()) {
      return connection.isValid(1);
    } catch (SQLException | RuntimeException e) {
      return false;
    }
  }
}
