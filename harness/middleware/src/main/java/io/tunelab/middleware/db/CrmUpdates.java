package io.tunelab.middleware.db;

import java.sql.PreparedStatement;
import java.sql.ResultSet;

/**
 * Which orders Siebel was already told are billed ({@code order_receipt.crm_updated_at}). The mark
 * is committed in its own transaction right after Siebel answers, before the stage's JMS
 * acknowledgement: when that acknowledgement fails (a broker failover rolls it back although it may
 * have committed) and the message comes again, Siebel is not called twice.
 */
public final class CrmUpdates {
  private final Pool pool;

  public CrmUpdates(Pool pool) {
    this.pool = pool;
  }

  /**
   * Whether Siebel was told already. On a connection of its own, returned before the call to
   * Siebel, so the stage's connection is borrowed only after it: update-CRM holds one at a time.
   */
  public boolean done(String orderId) {
    return pool.inTransaction(
        connection -> {
          try (PreparedStatement select =
              connection.prepareStatement(
                  "SELECT 1 FROM order_receipt WHERE order_id = ? AND crm_updated_at IS NOT NULL")) {
            select.setString(1, orderId);
            try (ResultSet row = select.executeQuery()) {
              return row.next();
            }
          }
        });
  }

  /** Marks the order, committed when this returns. */
  public void mark(String orderId) {
    pool.inTransaction(
        connection -> {
          try (PreparedStatement upsert =
              connection.prepareStatement(
                  "INSERT INTO order_receipt (order_id, crm_updated_at) VALUES (?, now())"
                      + " ON CONFLICT (order_id) DO UPDATE SET crm_updated_at = now()")) {
            upsert.setString(1, orderId);
            return upsert.executeUpdate();
          }
        });
  }
}
