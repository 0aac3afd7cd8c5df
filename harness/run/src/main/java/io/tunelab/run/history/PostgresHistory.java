package io.tunelab.run.history;

import io.tunelab.core.BadInputException;
import io.tunelab.core.history.HistoryRow;
import io.tunelab.core.history.HistoryStore;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;

/**
 * The history in the user's own PostgreSQL ({@code --history jdbc:postgresql://...}), not the
 * stack's, which every run throws away: one row per run, experiment and metric in {@code
 * tunelab_bench_history}, created by Flyway with its own schema history table ({@value
 * #FLYWAY_TABLE}) so it lives beside the database's other tables and their migrations.
 */
public final class PostgresHistory implements HistoryStore {
  static final String FLYWAY_TABLE = "tunelab_flyway_history";
  static final String TABLE = "tunelab_bench_history";
  private static final String MIGRATIONS = "classpath:io/tunelab/run/history/migration";

  private final String url;

  private PostgresHistory(String url) {
    this.url = url;
  }

  /**
   * Connects to the database and brings its history table up to date.
   *
   * @param url a JDBC URL of PostgreSQL, its user and password as URL parameters or in ~/.pgpass
   * @throws BadInputException when the database cannot be reached or migrated, naming it
   */
  public static PostgresHistory open(String url) {
    PostgresHistory history = new PostgresHistory(url);
    try (Connection connection = history.connect()) {
      connection.isValid(
          10); // reachable, with the URL's credentials, before Flyway says it less well
      Flyway.configure()
          .dataSource(url, null, null)
          .locations(MIGRATIONS)
          .table(FLYWAY_TABLE)
          .baselineOnMigrate(true)
          .baselineVersion("0")
          .load()
          .migrate();
    } catch (SQLException | FlywayException e) {
      throw new BadInputException(
          "cannot use the history database "
              + Histories.withoutPassword(url)
              + ": "
              + e.getMessage()
              + " (check --history: jdbc:postgresql://HOST:PORT/DB?user=U&password=P)",
          e);
    }
    return history;
  }

  @Override
  public void append(String suite, String experiment, HistoryRow row) {
    String sql =
        "INSERT INTO "
            + TABLE
            + " (suite, experiment, run_id, time, commit, ordinal, metric, value)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            + " ON CONFLICT (suite, experiment, run_id, metric) DO UPDATE SET value = excluded.value";
    try (Connection connection = connect();
        PreparedStatement insert = connection.prepareStatement(sql)) {
      connection.setAutoCommit(false);
      int ordinal = 0;
      for (Map.Entry<String, Double> value : row.values().entrySet()) {
        insert.setString(1, suite);
        insert.setString(2, experiment);
        insert.setString(3, row.runId());
        insert.setTimestamp(4, Timestamp.from(row.time()));
        insert.setString(5, row.commit());
        insert.setInt(6, ordinal++);
        insert.setString(7, value.getKey());
        insert.setDouble(8, value.getValue());
        insert.addBatch();
      }
      insert.executeBatch();
      connection.commit();
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot append to the history in " + where() + ": " + e.getMessage(), e);
    }
  }

  @Override
  public Map<String, List<HistoryRow>> read(String suite) {
    String sql =
        "SELECT experiment, run_id, time, commit, metric, value FROM "
            + TABLE
            + " WHERE suite = ? ORDER BY experiment, time, run_id, ordinal";
    Map<String, List<HistoryRow>> history = new LinkedHashMap<>();
    try (Connection connection = connect();
        PreparedStatement select = connection.prepareStatement(sql)) {
      select.setString(1, suite);
      try (ResultSet rs = select.executeQuery()) {
        String experiment = null;
        String run = null;
        Instant time = null;
        String commit = null;
        Map<String, Double> values = new LinkedHashMap<>();
        while (rs.next()) {
          if (!rs.getString(1).equals(experiment) || !rs.getString(2).equals(run)) {
            if (run != null) {
              history
                  .computeIfAbsent(experiment, e -> new ArrayList<>())
                  .add(new HistoryRow(time, commit, run, values));
            }
            experiment = rs.getString(1);
            run = rs.getString(2);
            time = rs.getTimestamp(3).toInstant();
            commit = rs.getString(4);
            values = new LinkedHashMap<>();
          }
          values.put(rs.getString(5), rs.getDouble(6));
        }
        if (run != null) {
          history
              .computeIfAbsent(experiment, e -> new ArrayList<>())
              .add(new HistoryRow(time, commit, run, values));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot read the history in " + where() + ": " + e.getMessage(), e);
    }
    return history;
  }

  @Override
  public String where() {
    return Histories.withoutPassword(url);
  }

  private Connection connect() throws SQLException {
    return DriverManager.getConnection(url);
  }
}
