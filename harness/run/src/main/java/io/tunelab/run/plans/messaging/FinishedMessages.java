package io.tunelab.run.plans.messaging;

import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.db.KeptConnection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Counts a run's finished messages (driven or failed) on one connection, opened on the first count
 * and kept until closed: a drain counts five times a second inside the measured window, and a
 * connection per count started a PostgreSQL backend each time, CPU that landed in the database's
 * cost per message ({@link KeptConnection}: the database may have been killed on purpose and be
 * back).
 */
final class FinishedMessages implements AutoCloseable {
  private static final String QUERY =
      "SELECT count(*) FROM message_status s JOIN message_log l USING (message_id)"
          + " WHERE s.status IN ('DRIVEN', 'FAILED') AND l.client_message_id LIKE ?";

  private final KeptConnection connection;
  private final String idPrefix;

  /**
   * @param idPrefix the client message ids' prefix of the run ({@code MSG-<runTag>-})
   */
  public FinishedMessages(Endpoints endpoints, String idPrefix) {
    this.connection = KeptConnection.to(endpoints.db(), endpoints.dbUser(), endpoints.dbPassword());
    this.idPrefix = idPrefix;
  }

  /** The run's messages finished so far. */
  public long count() {
    try {
      return connection.read(
          kept -> {
            try (PreparedStatement statement = kept.prepareStatement(QUERY)) {
              statement.setString(1, MessageLedger.like(idPrefix));
              try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getLong(1);
              }
            }
          });
    } catch (SQLException e) {
      throw new IllegalStateException("cannot count the finished messages: " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    connection.close();
  }
}
