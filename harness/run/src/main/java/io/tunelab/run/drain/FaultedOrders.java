package io.tunelab.run.drain;

import io.tunelab.tiers.jmeter.BatchOrderPlan;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import javax.sql.DataSource;

/**
 * The order-to-bill instances the middleware gave up on: {@code process_instance} rows in state
 * {@code faulted}, whose {@code conversation_id} is the order id, restricted to one batch by the
 * order id prefix ({@code ORD-<runTag>-}).
 */
public final class FaultedOrders implements FaultSource, AutoCloseable {
  private static final String QUERY =
      "SELECT conversation_id, fault_reason FROM process_instance"
          + " WHERE flow = 'order-to-bill' AND state = 'faulted'"
          + " AND conversation_id LIKE ? ESCAPE '\\'";

  private final DataSource dataSource;
  private final String idPrefix;

  /**
   * @param idPrefix only ids starting with it count, e.g. {@code ORD-r42-}
   */
  public FaultedOrders(DataSource dataSource, String idPrefix) {
    this.dataSource = dataSource;
    this.idPrefix = idPrefix;
  }

  /** The faulted orders of one batch-order run. */
  public static FaultedOrders of(DataSource dataSource, BatchOrderPlan plan) {
    return new FaultedOrders(dataSource, "ORD-" + plan.runTag() + "-");
  }

  /**
   * One connection for every call, opened on the first: a connection per poll would start a
   * PostgreSQL backend process several times a second, CPU that lands in the db tier during the
   * measured window.
   */
  private Connection connection;

  @Override
  public Map<String, String> faulted() {
    Map<String, String> faulted = new HashMap<>();
    try (PreparedStatement statement = connection().prepareStatement(QUERY)) {
      statement.setString(1, escapeLike(idPrefix) + "%");
      try (ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          String reason = rows.getString(2);
          faulted.merge(rows.getString(1), reason == null ? "" : reason, (a, b) -> a);
        }
      }
    } catch (SQLException e) {
      close();
      throw new IllegalStateException("cannot read faulted orders: " + e.getMessage(), e);
    }
    return faulted;
  }

  private Connection connection() throws SQLException {
    if (connection == null || connection.isClosed()) {
      connection = dataSource.getConnection();
    }
    return connection;
  }

  /** Closes the connection, if one is open; the next call opens another. */
  @Override
  public void close() {
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException e) {
        // closing after a failure: the connection is gone either way
      }
      connection = null;
    }
  }

  private static String escapeLike(String text) {
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
  }
}
