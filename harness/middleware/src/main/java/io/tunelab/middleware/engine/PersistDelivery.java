package io.tunelab.middleware.engine;

import io.tunelab.middleware.Stage;
import jakarta.jms.JMSException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.OptionalLong;

/**
 * {@code async.persist}: the consumer stores the message in {@code delivery_message} and commits
 * both the row and the acknowledgement (one after the other with local transactions, atomically
 * with XA); an engine thread then processes it in a second transaction that marks the row done.
 * Survives a crash at the price of a write and an update per message, as BPEL's delivery store.
 */
final class PersistDelivery extends EngineDelivery {
  PersistDelivery(Processor processor, Engine engine, DatabaseOutage outage) {
    super(processor, engine, outage);
  }

  @Override
  public void deliver(Received message, StageTransaction tx)
      throws JMSException, InterruptedException {
    OptionalLong stored;
    try {
      stored = tx.beforeAcknowledge(connection -> store(connection, message));
    } catch (SQLException | RuntimeException e) {
      tx.rollback();
      throw new IllegalStateException("could not store the delivery: " + e, e);
    }
    tx.commit();
    if (stored.isEmpty()) {
      return; // stored by an earlier delivery of the same message, which the engine handles
    }
    process(message.stage(), stored.getAsLong(), message.payload(), message.orderId());
  }

  /** Hands a stored delivery to the engine, which marks it done with the stage's work. */
  void process(Stage stage, long deliveryId, String payload, String orderId)
      throws InterruptedException {
    handOff(stage, payload, orderId, done(deliveryId));
  }

  private static OptionalLong store(Connection connection, Received message) throws SQLException {
    try (PreparedStatement insert =
        connection.prepareStatement(
            "INSERT INTO delivery_message (message_id, destination, order_id, payload)"
                + " VALUES (?, ?, ?, ?) ON CONFLICT (message_id) DO NOTHING"
                + " RETURNING delivery_id")) {
      insert.setString(1, message.messageId());
      insert.setString(2, message.stage().queue());
      insert.setString(3, message.orderId());
      insert.setString(4, message.payload());
      try (ResultSet row = insert.executeQuery()) {
        return row.next() ? OptionalLong.of(row.getLong(1)) : OptionalLong.empty();
      }
    }
  }

  private static Processor.SqlStep done(long deliveryId) {
    return (Connection connection) -> {
      try (PreparedStatement update =
          connection.prepareStatement(
              "UPDATE delivery_message SET state = 'DONE', processed_at = now()"
                  + " WHERE delivery_id = ?")) {
        update.setLong(1, deliveryId);
        update.executeUpdate();
      }
    };
  }
}
