package io.tunelab.middleware.messaging;

import io.tunelab.middleware.db.Pool;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;
import java.util.OptionalLong;

/**
 * The messaging server's database work per message, as the study's server did it: the message
 * logged with an id from {@code message_id_seq} (whose CACHE is {@code db.sequence.cache}) and its
 * status RECEIVED in one transaction; then, after the driver, DRIVEN (and REPLIED) or FAILED with
 * the reason in another.
 */
final class MessageStore {
  private static final String LOG =
      "INSERT INTO message_log (message_id, client_message_id, queue_name, body, sent_at, priority)"
          + " VALUES (nextval('message_id_seq'), ?, ?, ?, ?, ?)"
          + " ON CONFLICT (client_message_id) DO NOTHING RETURNING message_id";
  private static final String EARLIER =
      "SELECT l.message_id, EXISTS (SELECT 1 FROM message_status s WHERE s.message_id ="
          + " l.message_id AND s.status IN ('DRIVEN', 'FAILED')) FROM message_log l WHERE"
          + " l.client_message_id = ?";
  private static final String STATUS =
      "INSERT INTO message_status (message_id, status, reason, at) VALUES (?, ?, ?,"
          + " clock_timestamp())";

  /** The statuses a message reaches. */
  enum Status {
    RECEIVED,
    DRIVEN,
    REPLIED,
    FAILED
  }

  private final Pool pool;

  MessageStore(Pool pool) {
    this.pool = pool;
  }

  /**
   * A logged message.
   *
   * @param id its {@code message_id}
   * @param finished whether it was driven or failed before: a redelivery of a message whose receipt
   *     was rolled back after its outcome was recorded
   */
  record Logged(long id, boolean finished) {}

  /**
   * Logs a message and its RECEIVED status; a redelivered message keeps the id it was logged with
   * and is not logged again.
   */
  Logged received(
      String clientMessageId, String queue, String body, long sentAtMillis, int priority) {
    return pool.inTransaction(
        connection -> {
          OptionalLong id = log(connection, clientMessageId, queue, body, sentAtMillis, priority);
          if (id.isPresent()) {
            status(connection, id.getAsLong(), Status.RECEIVED, null);
            return new Logged(id.getAsLong(), false);
          }
          return earlier(connection, clientMessageId);
        });
  }

  private static Logged earlier(Connection connection, String clientMessageId) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(EARLIER)) {
      select.setString(1, clientMessageId);
      try (ResultSet rows = select.executeQuery()) {
        if (!rows.next()) {
          throw new SQLException("message " + clientMessageId + " conflicts but is not logged");
        }
        return new Logged(rows.getLong(1), rows.getBoolean(2));
      }
    }
  }

  /**
   * Records the statuses a message reached after the driver, in order, with a reason for FAILED.
   */
  void finished(long messageId, List<Status> statuses, String reason) {
    pool.inTransaction(
        connection -> {
          for (Status status : statuses) {
            status(connection, messageId, status, status == Status.FAILED ? reason : null);
          }
          return null;
        });
  }

  private static OptionalLong log(
      Connection connection,
      String clientMessageId,
      String queue,
      String body,
      long sentAtMillis,
      int priority)
      throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(LOG)) {
      insert.setString(1, clientMessageId);
      insert.setString(2, queue);
      insert.setString(3, body);
      insert.setTimestamp(4, sentAtMillis > 0 ? new Timestamp(sentAtMillis) : null);
      insert.setInt(5, priority);
      try (ResultSet rows = insert.executeQuery()) {
        return rows.next() ? OptionalLong.of(rows.getLong(1)) : OptionalLong.empty();
      }
    }
  }

  private static void status(Connection connection, long id, Status status, String reason)
      throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(STATUS)) {
      insert.setLong(1, id);
      insert.setString(2, status.name());
      insert.setString(3, reason);
      insert.executeUpdate();
    }
  }
}
