package io.tunelab.middleware.db;

import io.tunelab.middleware.Stage;
import io.tunelab.middleware.config.MiddlewareSettings.AuditLevel;
import io.tunelab.middleware.config.MiddlewareSettings.InstancePersistence;
import io.tunelab.middleware.config.MiddlewareSettings.StateCompression;
import io.tunelab.middleware.flow.Activity;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Process instances ({@code process_instance}), their dehydrated state ({@code instance_state}, see
 * {@link InstanceState}) and their audit trail ({@code audit_detail}), by policy. {@code always}: a
 * row from intake on, updated by every stage, its state rewritten at every stage, with its audit
 * rows. {@code faulted}: nothing for an order that completes; a faulted order gets its row with its
 * timeline, its state as the failing stage got it and that stage's audit rows. {@code off}: a
 * faulted order still gets a bare row (state, reason), because every order must be accounted for,
 * but no state.
 */
public final class Instances {
  private static final String FLOW = "order-to-bill";

  private final InstancePersistence persistence;
  private final AuditLevel auditLevel;
  private final InstanceState state;

  public Instances(
      InstancePersistence persistence, AuditLevel auditLevel, StateCompression compression) {
    this.persistence = persistence;
    this.auditLevel = auditLevel;
    this.state = new InstanceState(compression);
  }

  /** Starts the instance of an order at intake; its id, or -1 when the policy writes none. */
  public long start(Connection connection, String orderId, long intakeMillis) throws SQLException {
    if (persistence != InstancePersistence.ALWAYS) {
      return -1;
    }
    try (PreparedStatement insert =
        connection.prepareStatement(
            "INSERT INTO process_instance (flow, conversation_id, state, stage, intake_at)"
                + " VALUES (?, ?, 'running', ?, ?) RETURNING instance_id")) {
      insert.setString(1, FLOW);
      insert.setString(2, orderId);
      insert.setString(3, Stage.INTAKE.key());
      insert.setTimestamp(4, new Timestamp(intakeMillis));
      try (ResultSet row = insert.executeQuery()) {
        row.next();
        return row.getLong(1);
      }
    }
  }

  /**
   * Records that {@code stage} took the instance: dehydrates its state (the order as the stage
   * leaves it, serialized only when the policy writes it, and the stage's activities) and writes
   * the stage's audit rows.
   */
  public void reached(
      Connection connection,
      long instanceId,
      String orderId,
      Stage stage,
      long atMillis,
      Supplier<String> order,
      List<Activity> audit)
      throws SQLException {
    if (instanceId < 0) {
      return;
    }
    if (stage != Stage.INTAKE) {
      update(
          connection,
          instanceId,
          orderId,
          "UPDATE process_instance SET stage = ?, "
              + column(stage)
              + " = ?, modified_at = now() WHERE instance_id = ?",
          update -> {
            update.setString(1, stage.key());
            update.setTimestamp(2, new Timestamp(atMillis));
            update.setLong(3, instanceId);
          });
    }
    state.write(connection, instanceId, stage, order.get(), audit);
    AuditRows.insert(connection, auditLevel, instanceId, audit);
  }

  /** Marks the instance completed. */
  public void completed(Connection connection, long instanceId, String orderId)
      throws SQLException {
    if (instanceId < 0) {
      return;
    }
    update(
        connection,
        instanceId,
        orderId,
        "UPDATE process_instance SET state = 'completed', ended_at = now(), modified_at = now()"
            + " WHERE instance_id = ?",
        update -> update.setLong(1, instanceId));
  }

  /**
   * Records a faulted order, whatever the policy (see the class comment).
   *
   * @param message the message as the failing stage got it: the state it dehydrates
   */
  public void faulted(
      Connection connection,
      long instanceId,
      String orderId,
      Stage stage,
      String reason,
      Map<Stage, Long> timeline,
      String message,
      List<Activity> audit)
      throws SQLException {
    if (instanceId >= 0) {
      update(
          connection,
          instanceId,
          orderId,
          "UPDATE process_instance SET state = 'faulted', stage = ?, fault_reason = ?,"
              + " ended_at = now(), modified_at = now() WHERE instance_id = ?",
          update -> {
            update.setString(1, stage.key());
            update.setString(2, reason);
            update.setLong(3, instanceId);
          });
      state.write(connection, instanceId, stage, message, audit);
      AuditRows.insert(connection, auditLevel, instanceId, audit);
      return;
    }
    long id = insertFaulted(connection, orderId, stage, reason, timeline);
    if (persistence != InstancePersistence.OFF) {
      state.write(connection, id, stage, message, audit);
    }
    if (persistence == InstancePersistence.FAULTED) {
      AuditRows.insert(connection, auditLevel, id, audit);
    }
  }

  private long insertFaulted(
      Connection connection, String orderId, Stage stage, String reason, Map<Stage, Long> timeline)
      throws SQLException {
    boolean withTimeline = persistence == InstancePersistence.FAULTED;
    StringBuilder columns = new StringBuilder("flow, conversation_id, state, stage, fault_reason");
    StringBuilder values = new StringBuilder("?, ?, 'faulted', ?, ?");
    if (withTimeline) {
      for (Stage reached : timeline.keySet()) {
        columns.append(", ").append(column(reached));
        values.append(", ?");
      }
    }
    try (PreparedStatement insert =
        connection.prepareStatement(
            "INSERT INTO process_instance ("
                + columns
                + ", ended_at) VALUES ("
                + values
                + ", now()) RETURNING instance_id")) {
      insert.setString(1, FLOW);
      insert.setString(2, orderId);
      insert.setString(3, stage.key());
      insert.setString(4, reason);
      int index = 5;
      if (withTimeline) {
        for (long at : timeline.values()) {
          insert.setTimestamp(index++, new Timestamp(at));
        }
      }
      try (ResultSet row = insert.executeQuery()) {
        row.next();
        return row.getLong(1);
      }
    }
  }

  /**
   * Updates the instance's row, also when the stage before has not committed it yet. In {@code
   * local} mode a stage commits its message before its database work, so the next stage can take
   * the order while the row's insert is still in flight: invisible to the UPDATE, which then
   * changes nothing and, for a fault, would lose the order's only record. Inserting the same key
   * waits for that insert to end (PostgreSQL blocks on the primary key), then the UPDATE sees the
   * row; if that insert rolled back, the row is made here.
   */
  private static void update(
      Connection connection, long instanceId, String orderId, String sql, Binder binder)
      throws SQLException {
    try (PreparedStatement update = connection.prepareStatement(sql)) {
      binder.bind(update);
      if (update.executeUpdate() > 0) {
        return;
      }
      awaitRow(connection, instanceId, orderId);
      if (update.executeUpdate() == 0) {
        throw new SQLException(
            "process instance "
                + instanceId
                + " of order "
                + orderId
                + " is missing and could not be made");
      }
    }
  }

  private static void awaitRow(Connection connection, long instanceId, String orderId)
      throws SQLException {
    try (PreparedStatement insert =
        connection.prepareStatement(
            "INSERT INTO process_instance (instance_id, flow, conversation_id, state, stage)"
                + " OVERRIDING SYSTEM VALUE VALUES (?, ?, ?, 'running', ?)"
                + " ON CONFLICT (instance_id) DO NOTHING")) {
      insert.setLong(1, instanceId);
      insert.setString(2, FLOW);
      insert.setString(3, orderId == null || orderId.isEmpty() ? "unknown" : orderId);
      insert.setString(4, Stage.INTAKE.key());
      insert.executeUpdate();
    }
  }

  @FunctionalInterface
  private interface Binder {
    void bind(PreparedStatement statement) throws SQLException;
  }

  private static String column(Stage stage) {
    return switch (stage) {
      case INTAKE -> "intake_at";
      case ORCHESTRATION -> "orchestration_at";
      case CREATE_CUSTOMER -> "create_customer_at";
      case CREATE_SUBSCRIPTIONS -> "create_subscriptions_at";
      case UPDATE_CRM -> "update_crm_at";
    };
  }
}
