package io.tunelab.run.plans.batchorder;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import javax.sql.DataSource;

/**
 * Backlog mode's hold on the fetcher intake: the load tier inserts the batch into {@code
 * order_inbox} as HELD rows, which no fetcher picks (they poll for NEW), and {@link #release()}
 * turns every HELD row NEW in one transaction, so the fetchers find the whole batch at once, as
 * resuming the intake queue hands a JMS batch to its consumers.
 *
 * <p>Closing an unreleased hold releases its rows, so a failure never leaves orders the fetchers
 * cannot see.
 */
final class InboxHold implements BacklogHold {
  private static final long POLL_MILLIS = 50;
  private static final String RELEASE =
      "UPDATE order_inbox SET status = 'NEW' WHERE status = 'HELD'";

  private final Connection connection;
  private final String idPattern;
  private boolean held = true;

  private InboxHold(Connection connection, String runTag) {
    this.connection = connection;
    this.idPattern = "ORD-" + runTag + "-%";
  }

  /**
   * Holds the batch whose order ids carry {@code runTag}: the plan inserts it HELD ({@code
   * BatchOrderPlan.Inbox#held}).
   */
  static InboxHold hold(DataSource dataSource, String runTag) {
    try {
      return new InboxHold(dataSource.getConnection(), runTag);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot reach order_inbox: " + e.getMessage(), e);
    }
  }

  @Override
  public void awaitQueued(long count, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    long waiting;
    while ((waiting = counts()[0]) < count) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "order_inbox holds " + waiting + " of the " + count + " orders sent after " + timeout);
      }
      Thread.sleep(POLL_MILLIS);
    }
  }

  @Override
  public Released release() {
    long[] before = counts();
    long releasedAt = System.currentTimeMillis();
    try (Statement release = connection.createStatement()) {
      release.executeUpdate(RELEASE);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot release the held orders: " + e.getMessage(), e);
    }
    held = false;
    return new Released(before[0], before[1], releasedAt);
  }

  /** HELD rows, and rows of this batch a fetcher already took (PICKED or DONE). */
  private long[] counts() {
    try (PreparedStatement count =
        connection.prepareStatement(
            "SELECT count(*) FILTER (WHERE status = 'HELD'),"
                + " count(*) FILTER (WHERE status IN ('PICKED', 'DONE') AND order_id LIKE ?)"
                + " FROM order_inbox")) {
      count.setString(1, idPattern);
      try (ResultSet row = count.executeQuery()) {
        row.next();
        return new long[] {row.getLong(1), row.getLong(2)};
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot count the held orders: " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    try (Connection c = connection) {
      if (held) {
        try (Statement release = c.createStatement()) {
          release.executeUpdate(RELEASE);
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot release the held orders: " + e.getMessage(), e);
    }
  }
}
