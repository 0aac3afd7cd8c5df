package io.tunelab.run.plans.batchorder.drain;

import io.tunelab.tiers.db.KeptConnection;
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

  /**
   * One connection for every call, opened on the first: a connection per poll would start a
   * PostgreSQL backend process several times a second, CPU that lands in the db tier during the
   * measured window.
   */
  private final KeptConnection connection;

  private final String idPrefix;

  /**
   * @param idPrefix only ids starting with it count, e.g. {@code ORD-r42-}
   */
  public FaultedOrders(DataSource dataSource, String idPrefix) {
    this.connection = new KeptConnection(dataSource::getConnection);
    this.idPrefix = idPrefix;
  }

  @Override
  public Map<String, String> faulted() {
    try {
      return connection.read(
          kept -> {
            Map<String, String> faulted = new HashMap<>();
            try (PreparedStatement statement = kept.prepareStatement(QUERY)) {
              statement.setString(1, escapeLike(idPrefix) + "%");
              try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                  String reason = rows.getString(2);
                  faulted.merge(rows.getString(1), reason == null ? "" : reason, (x, y) -> x);
                }
              }
            }
            return faulted;
          });
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read faulted orders: " + e.getMessage(), e);
    }
  }

  /** Closes the connection, if one is open; the next call opens another. */
  @Override
  public void close() {
    connection.close();
  }

  private static String escapeLike(String text) {
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
  }
}
