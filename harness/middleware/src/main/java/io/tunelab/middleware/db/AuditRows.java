package io.tunelab.middleware.db;

import io.tunelab.middleware.config.MiddlewareSettings.AuditLevel;
import io.tunelab.middleware.flow.Activity;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;

/**
 * The audit trail of an instance, one {@code audit_detail} row per activity as the audit level
 * says: none when {@code off}, without payloads when {@code production}, with them when {@code
 * development}. Shared by the order-to-bill flow and the billing-care service.
 */
public final class AuditRows {
  private AuditRows() {}

  /** Writes the activities' rows for {@code instanceId} in one batch on {@code connection}. */
  public static void insert(
      Connection connection, AuditLevel auditLevel, long instanceId, List<Activity> activities)
      throws SQLException {
    if (auditLevel == AuditLevel.OFF || activities.isEmpty()) {
      return;
    }
    boolean payloads = auditLevel == AuditLevel.DEVELOPMENT;
    try (PreparedStatement insert =
        connection.prepareStatement(
            "INSERT INTO audit_detail (instance_id, activity, logged_at, payload, payload_bytes)"
                + " VALUES (?, ?, ?, ?, ?)")) {
      for (Activity activity : activities) {
        String payload = activity.payload() == null ? "" : activity.payload();
        insert.setLong(1, instanceId);
        insert.setString(2, activity.name());
        insert.setTimestamp(3, new Timestamp(activity.epochMillis()));
        insert.setString(4, payloads ? payload : null);
        insert.setInt(5, payload.getBytes(StandardCharsets.UTF_8).length);
        insert.addBatch();
      }
      insert.executeBatch();
    }
  }
}
