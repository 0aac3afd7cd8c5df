package io.tunelab.middleware.flow;

import io.tunelab.middleware.Stage;
import io.tunelab.middleware.diagnostics.Diagnostics;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * One message's pass through one stage: the stage's database transaction and the activities it
 * records for the audit trail and the diagnostics log.
 */
public final class StageWork {
  private final Stage stage;
  private final ConnectionSource connections;
  private final Diagnostics diagnostics;
  private final List<Activity> activities = new ArrayList<>();
  private String orderId = "";

  /**
   * @param connections the stage transaction's connection, borrowed on first use: a step that calls
   *     a back-end before touching the database holds no pooled connection meanwhile
   */
  public StageWork(Stage stage, ConnectionSource connections, Diagnostics diagnostics) {
    this.stage = stage;
    this.connections = connections;
    this.diagnostics = diagnostics;
  }

  public Stage stage() {
    return stage;
  }

  /** The stage's transaction: committed after the outgoing message is. */
  public Connection connection() throws SQLException {
    return connections.connection();
  }

  /** Where the stage's connection comes from. */
  @FunctionalInterface
  public interface ConnectionSource {
    Connection connection() throws SQLException;
  }

  public String orderId() {
    return orderId;
  }

  public void orderId(String orderId) {
    this.orderId = orderId;
  }

  /** Records an activity that handled {@code payload}, started at {@code startedNanos}. */
  public void activity(String name, String payload, long startedNanos) {
    activities.add(new Activity(name, System.currentTimeMillis(), payload));
    diagnostics.activity(stage, name, orderId, payload, System.nanoTime() - startedNanos);
  }

  public List<Activity> activities() {
    return activities;
  }
}
