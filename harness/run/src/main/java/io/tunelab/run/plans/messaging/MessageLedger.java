package io.tunelab.run.plans.messaging;

import io.tunelab.core.measure.TimedLatencies;
import io.tunelab.core.stack.Endpoints;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What the messaging server recorded of one load run in {@code message_log} and {@code
 * message_status}, its messages told apart by their client ids' prefix ({@code MSG-<runTag>-}): the
 * messages finished (driven or failed), replied to, their end-to-end latency from the client's send
 * (its JMSTimestamp) to the record of their outcome, and the first send and last finish, on the
 * host clock every tier shares.
 *
 * @param logged messages logged (each client message id once)
 * @param driven messages the device driver took
 * @param replied two-way replies sent
 * @param failed messages recorded FAILED
 * @param failureReasons FAILED reasons with their counts, the most frequent first (at most 10)
 * @param firstSentMillis the earliest send, epoch ms; 0 when nothing was logged
 * @param lastFinishedMillis the latest DRIVEN or FAILED record, epoch ms; 0 when none
 * @param endToEnd milliseconds from send to outcome, of every finished message
 */
record MessageLedger(
    long logged,
    long driven,
    long replied,
    long failed,
    Map<String, Long> failureReasons,
    long firstSentMillis,
    long lastFinishedMillis,
    Histogram endToEnd) {

  /** Highest latency tracked: one hour. */
  private static final long HIGHEST_MILLIS = 3_600_000;

  /** Messages with an outcome: driven or failed. */
  public long finished() {
    return driven + failed;
  }

  /**
   * The run's finished messages by their client id: {@code DRIVEN} or {@code FAILED} (a message the
   * driver failed has no DRIVEN row), for an accounting by id.
   */
  public static Map<String, String> finishedIds(Endpoints endpoints, String idPrefix) {
    Map<String, String> finished = new LinkedHashMap<>();
    try (Connection connection = connect(endpoints);
        PreparedStatement statement =
            connection.prepareStatement(
                "SELECT l.client_message_id, s.status FROM message_status s JOIN message_log l"
                    + " USING (message_id) WHERE s.status IN ('DRIVEN', 'FAILED') AND"
                    + " l.client_message_id LIKE ?")) {
      statement.setString(1, like(idPrefix));
      try (ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          // a message both failed and driven (a retry that went through) was driven
          finished.merge(
              rows.getString(1), rows.getString(2), (a, b) -> "DRIVEN".equals(b) ? b : a);
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the finished messages: " + e.getMessage(), e);
    }
    return finished;
  }

  /** Reads the ledger of the run's messages, those whose client id starts with {@code idPrefix}. */
  public static MessageLedger read(Endpoints endpoints, String idPrefix) {
    String mine = " l.client_message_id LIKE '" + like(idPrefix).replace("'", "''") + "'";
    try (Connection connection = connect(endpoints);
        Statement statement = connection.createStatement()) {
      Map<String, Long> counts = new LinkedHashMap<>();
      try (ResultSet rows =
          statement.executeQuery(
              "SELECT s.status, count(*) FROM message_status s JOIN message_log l USING"
                  + " (message_id) WHERE"
                  + mine
                  + " GROUP BY s.status")) {
        while (rows.next()) {
          counts.put(rows.getString(1), rows.getLong(2));
        }
      }
      Map<String, Long> reasons = new LinkedHashMap<>();
      try (ResultSet rows =
          statement.executeQuery(
              "SELECT s.reason, count(*) FROM message_status s JOIN message_log l USING"
                  + " (message_id) WHERE s.status = 'FAILED' AND"
                  + mine
                  + " GROUP BY s.reason ORDER BY count(*) DESC, s.reason LIMIT 10")) {
        while (rows.next()) {
          reasons.put(String.valueOf(rows.getString(1)), rows.getLong(2));
        }
      }
      TimedLatencies latency = new TimedLatencies(HIGHEST_MILLIS, 3);
      long first = 0;
      long last = 0;
      try (ResultSet rows =
          statement.executeQuery(
              "SELECT (extract(epoch FROM l.sent_at) * 1000)::bigint,"
                  + " (extract(epoch FROM s.at) * 1000)::bigint"
                  + " FROM message_log l JOIN message_status s ON s.message_id = l.message_id"
                  + " WHERE s.status IN ('DRIVEN', 'FAILED') AND l.sent_at IS NOT NULL AND"
                  + mine)) {
        while (rows.next()) {
          long sent = rows.getLong(1);
          long finished = rows.getLong(2);
          first = first == 0 ? sent : Math.min(first, sent);
          last = Math.max(last, finished);
          latency.record(finished, Math.min(HIGHEST_MILLIS, Math.max(0, finished - sent)));
        }
      }
      long logged;
      try (ResultSet rows =
          statement.executeQuery("SELECT count(*) FROM message_log l WHERE" + mine)) {
        rows.next();
        logged = rows.getLong(1);
      }
      return new MessageLedger(
          logged,
          counts.getOrDefault("DRIVEN", 0L),
          counts.getOrDefault("REPLIED", 0L),
          counts.getOrDefault("FAILED", 0L),
          reasons,
          first,
          last,
          latency);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the message ledger: " + e.getMessage(), e);
    }
  }

  /** A LIKE pattern for ids starting with {@code prefix}, its wildcards taken literally. */
  static String like(String prefix) {
    return prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
  }

  private static Connection connect(Endpoints endpoints) throws SQLException {
    return DriverManager.getConnection(endpoints.db(), endpoints.dbUser(), endpoints.dbPassword());
  }
}
