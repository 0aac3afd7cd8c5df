package io.tunelab.middleware.engine;

import io.tunelab.middleware.Stage;
import io.tunelab.middleware.db.Pool;
import jakarta.jms.JMSException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code async.persist}: the consumer stores the message in {@code delivery_message} and commits
 * both the row and the acknowledgement (one after the other with local transactions, atomically
 * with XA); an engine thread then processes it in a second transaction that marks the row done.
 * Survives a crash at the price of a write and an update per message, as BPEL's delivery store.
 *
 * <p>A message delivered again can find its row stored but never handed to the engine: the row's
 * commit reached the database but its answer was lost when the database died, or the
 * acknowledgement was lost with the broker. Such a row, still {@code NEW} and held by no engine
 * thread, is processed on that delivery; left to the next start's recovery, its order would wait
 * for a restart that may never come.
 */
final class PersistDelivery extends EngineDelivery {
  /** Stored deliveries the engine holds (queued or in work), so that none is processed twice. */
  private final Set<Long> held = ConcurrentHashMap.newKeySet();

  /** Stored rows a redelivery found NEW and held by no engine thread, and handed on. */
  private final java.util.concurrent.atomic.AtomicLong resumed =
      new java.util.concurrent.atomic.AtomicLong();

  private final Pool pool;

  PersistDelivery(Processor processor, Engine engine, DatabaseOutage outage, Pool pool) {
    super(processor, engine, outage);
    this.pool = pool;
  }

  @Override
  public void deliver(Received message, StageTransaction tx)
      throws JMSException, InterruptedException {
    long[] claimed = {-1};
    Claim claim;
    try {
      claim = tx.beforeAcknowledge(connection -> store(connection, message, claimed));
    } catch (SQLException | RuntimeException e) {
      new Claim(claimed[0], false).release(held);
      tx.rollback();
      throw new IllegalStateException("could not store the delivery: " + e, e);
    }
    try {
      tx.commit();
    } catch (JMSException | RuntimeException e) {
      // The row is committed; the acknowledgement may have gone through all the same (a failover
      // "rolled back ... however commit may have been successful"), and then no redelivery would
      // ever hand the row on: it would wait for the next start while the run counts its order
      // lost. Handed on now; a redelivery finds it held or DONE and leaves it.
      if (claim.id() >= 0) {
        handOff(message.stage(), message.payload(), message.orderId(), claim.id());
      }
      throw e;
    }
    if (claim.stored()) {
      resumed.incrementAndGet();
    }
    if (claim.id() >= 0) {
      handOff(message.stage(), message.payload(), message.orderId(), claim.id());
    }
  }

  /**
   * Hands a stored delivery to the engine, unless the engine holds it already or it was processed
   * since it was read (a redelivery of its message got to it first).
   *
   * @return whether it was handed off
   */
  boolean process(Stage stage, long deliveryId, String payload, String orderId)
      throws InterruptedException {
    if (!held.add(deliveryId)) {
      return false;
    }
    boolean pending;
    try {
      pending = pool.inTransaction(connection -> isNew(connection, deliveryId));
    } catch (RuntimeException e) {
      held.remove(deliveryId);
      throw e;
    }
    if (!pending) {
      held.remove(deliveryId);
      return false;
    }
    handOff(stage, payload, orderId, deliveryId);
    return true;
  }

  private void handOff(Stage stage, String payload, String orderId, long deliveryId)
      throws InterruptedException {
    handOff(stage, payload, orderId, done(deliveryId), () -> held.remove(deliveryId));
  }

  /**
   * Stores the message and claims its row for the engine; a row stored by an earlier delivery is
   * claimed only when no engine thread holds it and it is still {@code NEW} (read after the claim,
   * so an engine thread that finished it in between has committed it {@code DONE}).
   */
  private Claim store(Connection connection, Received message, long[] claimed) throws SQLException {
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
        if (row.next()) {
          long id = row.getLong(1);
          held.add(id);
          claimed[0] = id;
          return new Claim(id, false);
        }
      }
    }
    long id = storedId(connection, message.messageId());
    if (id < 0 || !held.add(id)) {
      return Claim.NONE;
    }
    claimed[0] = id;
    if (isNew(connection, id)) {
      return new Claim(id, true);
    }
    held.remove(id);
    claimed[0] = -1;
    return Claim.NONE;
  }

  private static long storedId(Connection connection, String messageId) throws SQLException {
    try (PreparedStatement select =
        connection.prepareStatement(
            "SELECT delivery_id FROM delivery_message WHERE message_id = ?")) {
      select.setString(1, messageId);
      try (ResultSet row = select.executeQuery()) {
        return row.next() ? row.getLong(1) : -1;
      }
    }
  }

  private static boolean isNew(Connection connection, long deliveryId) throws SQLException {
    try (PreparedStatement select =
        connection.prepareStatement("SELECT state FROM delivery_message WHERE delivery_id = ?")) {
      select.setLong(1, deliveryId);
      try (ResultSet row = select.executeQuery()) {
        return row.next() && row.getString(1).equals("NEW");
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

  /** Stored rows a redelivery handed on since the start (the start's recovery counts apart). */
  long resumed() {
    return resumed.get();
  }

  /**
   * A delivery row claimed for the engine, or none ({@code id} -1); {@code stored} when an earlier
   * delivery had stored it.
   */
  private record Claim(long id, boolean stored) {
    static final Claim NONE = new Claim(-1, false);

    void release(Set<Long> held) {
      if (id >= 0) {
        held.remove(id);
      }
    }
  }
}
