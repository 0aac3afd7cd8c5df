package io.tunelab.middleware.billing;

import io.tunelab.middleware.config.MiddlewareSettings.AuditLevel;
import io.tunelab.middleware.config.MiddlewareSettings.Billing;
import io.tunelab.middleware.config.MiddlewareSettings.InstancePersistence;
import io.tunelab.middleware.db.AuditRows;
import io.tunelab.middleware.db.InstanceState;
import io.tunelab.middleware.flow.Activity;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;

/**
 * What a billing-care request leaves in the database, by policy: a {@code request_tracking} row
 * when tracking is on (like ESB instance tracking); a {@code process_instance} row (flow {@code
 * billing-care}) for every request under {@code always}, for faulted ones under {@code faulted},
 * none under {@code off}; with an instance its dehydrated state (every activity's payload: the
 * CRM's request, BRM's request and answer, the reply), as a synchronous BPEL or ESB service that is
 * not transient writes it; and the audit rows of an instance that is written, per audit level.
 */
final class BillingRecords {
  static final String FLOW = "billing-care";

  private final InstancePersistence persistence;
  private final AuditLevel auditLevel;
  private final boolean tracking;
  private final InstanceState state;

  BillingRecords(Billing settings, InstanceState state) {
    this.persistence = settings.instancePersistence();
    this.auditLevel = settings.auditLevel();
    this.tracking = settings.tracking();
    this.state = state;
  }

  /** Whether {@link #write} writes anything for a request that ended so. */
  boolean writes(boolean faulted) {
    return tracking || instance(faulted);
  }

  /** Writes the rows of one finished request; {@code faultReason} is null when it succeeded. */
  void write(Connection connection, Request request, String faultReason, List<Activity> audit)
      throws SQLException {
    boolean faulted = faultReason != null;
    if (tracking) {
      track(connection, request, faulted);
    }
    if (instance(faulted)) {
      long id = instance(connection, request, faultReason);
      state.writeOnce(connection, id, request.operation(), audit);
      AuditRows.insert(connection, auditLevel, id, audit);
    }
  }

  private boolean instance(boolean faulted) {
    return persistence == InstancePersistence.ALWAYS
        || (persistence == InstancePersistence.FAULTED && faulted);
  }

  private static void track(Connection connection, Request request, boolean faulted)
      throws SQLException {
    try (PreparedStatement insert =
        connection.prepareStatement(
            "INSERT INTO request_tracking (operation, customer_id, started_at, ended_at, status)"
                + " VALUES (?, ?, ?, now(), ?)")) {
      insert.setString(1, request.operation());
      insert.setString(2, request.customerId());
      insert.setTimestamp(3, new Timestamp(request.startedMillis()));
      insert.setString(4, faulted ? "faulted" : "completed");
      insert.executeUpdate();
    }
  }

  private static long instance(Connection connection, Request request, String faultReason)
      throws SQLException {
    try (PreparedStatement insert =
        connection.prepareStatement(
            "INSERT INTO process_instance (flow, conversation_id, state, stage, started_at,"
                + " ended_at, fault_reason) VALUES (?, ?, ?, ?, ?, now(), ?)"
                + " RETURNING instance_id")) {
      insert.setString(1, FLOW);
      insert.setString(2, request.conversationId());
      insert.setString(3, faultReason == null ? "completed" : "faulted");
      insert.setString(4, request.operation());
      insert.setTimestamp(5, new Timestamp(request.startedMillis()));
      insert.setString(6, faultReason);
      try (ResultSet row = insert.executeQuery()) {
        row.next();
        return row.getLong(1);
      }
    }
  }

  /**
   * One request as the records name it.
   *
   * @param conversationId the instance's conversation id, unique per request
   * @param operation the CRM operation, or {@code unknown} when the request named none
   * @param customerId the CRM customer id asked about, "" when the request had none
   * @param startedMillis epoch milliseconds when the service took the request
   */
  record Request(String conversationId, String operation, String customerId, long startedMillis) {}
}
