package io.tunelab.middleware.engine;

import io.tunelab.middleware.Stage;
import io.tunelab.middleware.db.Instances;
import io.tunelab.middleware.db.Pool;
import io.tunelab.middleware.flow.Activity;
import io.tunelab.middleware.xml.CanonicalOrder;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * Records faulted orders in their own transaction, so that the fault outlives the rolled-back work
 * of the stage that failed. A fault that cannot be written is not swallowed: the caller then rolls
 * the message back, and it comes again.
 */
final class Faults {
  private final Pool pool;
  private final Instances instances;

  Faults(Pool pool, Instances instances) {
    this.pool = pool;
    this.instances = instances;
  }

  /**
   * Records the fault in its own transaction, committed when this returns.
   *
   * @param payload the message as the stage got it (a Siebel order at intake, else canonical)
   * @param orderId the order id from the message's property, for payloads that cannot be parsed
   */
  void record(
      Stage stage, String payload, String orderId, String reason, List<Activity> activities) {
    pool.inTransaction(
        connection -> {
          record(connection, stage, payload, orderId, reason, activities);
          return null;
        });
  }

  /**
   * As {@link #record(Stage, String, String, String, List)}, with {@code also} in its transaction.
   */
  void record(
      Stage stage,
      String payload,
      String orderId,
      String reason,
      List<Activity> activities,
      Processor.SqlStep also) {
    pool.inTransaction(
        connection -> {
          record(connection, stage, payload, orderId, reason, activities);
          also.run(connection);
          return null;
        });
  }

  /** Records the fault on {@code connection}, in the caller's transaction. */
  void record(
      Connection connection,
      Stage stage,
      String payload,
      String orderId,
      String reason,
      List<Activity> activities)
      throws SQLException {
    long instanceId = -1;
    Map<Stage, Long> timeline = Map.of(Stage.INTAKE, System.currentTimeMillis());
    String id = orderId;
    if (stage != Stage.INTAKE) {
      try {
        CanonicalOrder order = CanonicalOrder.parse(payload);
        instanceId = order.instanceId();
        timeline = order.timeline();
        id = order.orderId();
      } catch (RuntimeException e) {
        // an unreadable message: its property is all we know of it
      }
    }
    String order = id == null || id.isEmpty() ? "unknown" : id;
    instances.faulted(connection, instanceId, order, stage, reason, timeline, payload, activities);
  }
}
