package io.tunelab.middleware.engine;

import io.tunelab.middleware.Stage;
import io.tunelab.middleware.db.Pool;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code async.persist} after a crash: deliveries stored and acknowledged but never processed are
 * still {@code NEW} in {@code delivery_message}; at start they are handed to the engine again, on a
 * thread of their own so that start-up does not wait for them. A message the broker redelivers
 * meanwhile finds its row already stored: whichever of the two claims the row first hands it on.
 */
final class DeliveryRecovery {
  private static final Logger LOG = LoggerFactory.getLogger(DeliveryRecovery.class);

  private final Pool pool;
  private final PersistDelivery delivery;
  private final AtomicLong recovered = new AtomicLong();

  DeliveryRecovery(Pool pool, PersistDelivery delivery) {
    this.pool = pool;
    this.delivery = delivery;
  }

  /** Starts handing the unprocessed deliveries to the engine. */
  void start() {
    List<Stored> rows = unprocessed();
    if (rows.isEmpty()) {
      return;
    }
    LOG.warn("recovering {} stored deliveries a previous run left unprocessed", rows.size());
    Thread thread = new Thread(() -> resubmit(rows), "tunelab-delivery-recovery");
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * Stored deliveries a redelivery of their message handed on instead ({@link PersistDelivery}).
   */
  long resumed() {
    return delivery.resumed();
  }

  /** Deliveries handed to the engine again so far. */
  long recovered() {
    return recovered.get();
  }

  private void resubmit(List<Stored> rows) {
    for (Stored row : rows) {
      try {
        if (delivery.process(row.stage(), row.id(), row.payload(), row.orderId())) {
          recovered.incrementAndGet();
        }
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private List<Stored> unprocessed() {
    return pool.inTransaction(
        connection -> {
          List<Stored> rows = new ArrayList<>();
          try (PreparedStatement select =
                  connection.prepareStatement(
                      "SELECT delivery_id, destination, order_id, payload FROM delivery_message"
                          + " WHERE state = 'NEW' ORDER BY delivery_id");
              ResultSet row = select.executeQuery()) {
            while (row.next()) {
              Stage stage = Stage.ofQueue(row.getString(2));
              rows.add(new Stored(row.getLong(1), stage, row.getString(3), row.getString(4)));
            }
          }
          return rows;
        });
  }

  private record Stored(long id, Stage stage, String orderId, String payload) {}
}
