package io.tunelab.run.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tunelab.tiers.TunelabHome;
import io.tunelab.tiers.db.Database;
import io.tunelab.tiers.db.DbConfig;
import io.tunelab.tiers.db.DbTestDirs;
import io.tunelab.tiers.db.PostgresTier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The observer's session sample on a real server: sessions queueing for one hot row of {@code
 * sort_chute} are sampled with the table they wait on, whether the lock names it (a tuple lock) or
 * only their statement does (a wait for the transaction holding the row).
 */
class PgObserverIT {
  private static final String HOT_UPDATE =
      "UPDATE sort_chute SET diverted = diverted + 1 WHERE chute = 7";

  private static Path dir;
  private static PostgresTier db;

  @BeforeAll
  static void start() {
    dir = DbTestDirs.fresh("pg-observer");
    db = PostgresTier.start(DbConfig.defaults(), dir, DbTestDirs.ownedByThisJvm());
    new Database(db.jdbcUrl(), db.user(), db.password(), TunelabHome.locate().db()).migrate();
  }

  @AfterAll
  static void stop() {
    if (db != null) {
      db.close();
    }
    DbTestDirs.delete(dir);
  }

  private static Connection connect() throws SQLException {
    return DriverManager.getConnection(db.jdbcUrl(), db.user(), db.password());
  }

  /** The hot update on a connection of its own, in the background: it blocks on the held row. */
  private static CompletableFuture<Void> blockedUpdate(Connection connection) {
    return CompletableFuture.runAsync(
        () -> {
          try (Statement statement = connection.createStatement()) {
            statement.execute("SET statement_timeout = '60s'");
            statement.executeUpdate(HOT_UPDATE);
          } catch (SQLException e) {
            throw new IllegalStateException(e);
          }
        });
  }

  private static boolean waiting(List<PgObserver.Session> sessions, String event) {
    return sessions.stream()
        .anyMatch(
            s ->
                s.activeClient() && s.waitKey().equals(event) && "sort_chute".equals(s.relation()));
  }

  @Test
  void sessionsWaitingOnAHotRowNameItsTable(@TempDir Path files) throws Exception {
    try (Connection holder = connect();
        Connection first = connect();
        Connection second = connect();
        DbSource source =
            new DbSource(PgObserver.connect(db.jdbcUrl(), db.user(), db.password()))) {
      holder.setAutoCommit(false);
      try (Statement statement = holder.createStatement()) {
        statement.executeUpdate(HOT_UPDATE);
      }
      CompletableFuture<Void> firstDone = blockedUpdate(first);
      // The first waits for the holder's transaction: no relation in its lock, its statement names
      // the table.
      await()
          .atMost(Duration.ofSeconds(20))
          .until(() -> waiting(source.pg().sessions(), "Lock:transactionid"));
      CompletableFuture<Void> secondDone = blockedUpdate(second);
      // The second queues behind the first for the row's tuple lock, whose relation is the table.
      await()
          .atMost(Duration.ofSeconds(20))
          .until(() -> waiting(source.pg().sessions(), "Lock:tuple"));

      long now = System.currentTimeMillis();
      source.sample(now, new SeriesStore());
      holder.rollback();
      firstDone.join();
      secondDone.join();

      Window window = new Window(now - 1, now - 1, now + 1);
      assertThat(source.waits(window).byEventAndRelation())
          .containsEntry("Lock:transactionid", java.util.Map.of("sort_chute", 1L))
          .containsEntry("Lock:tuple", java.util.Map.of("sort_chute", 1L));
      Path ash = files.resolve("ash.csv");
      source.writeAsh(ash, window);
      List<String> lines = Files.readAllLines(ash);
      assertThat(lines.get(0)).endsWith(",queryId,relation");
      assertThat(lines)
          .filteredOn(line -> line.contains(",Lock,"))
          .hasSize(2)
          .allSatisfy(line -> assertThat(line).endsWith(",sort_chute"));
    }
  }

  /**
   * The planner's statistics of a table as the observer reads them: none after the table was
   * filled, some once it was analyzed (the NO_STATISTICS finding's figure).
   */
  @Test
  void aFilledTableHasNoStatisticsUntilItIsAnalyzed() throws Exception {
    try (Connection connection = connect();
        Statement statement = connection.createStatement();
        PgObserver observer = PgObserver.connect(db.jdbcUrl(), db.user(), db.password())) {
      statement.execute("CREATE TABLE stats_probe (id int, part int)");
      statement.execute("INSERT INTO stats_probe SELECT g, g % 10 FROM generate_series(1, 2000) g");
      PgSnapshot filled = observer.snapshot();
      statement.execute("ANALYZE stats_probe");
      PgSnapshot analyzed = observer.snapshot();
      statement.execute("DROP TABLE stats_probe");

      assertThat(new PgDelta(filled, filled).statistics())
          .filteredOn(t -> t.table().equals("stats_probe"))
          .singleElement()
          .satisfies(t -> assertThat(t.statisticsColumns()).isZero());
      assertThat(new PgDelta(filled, analyzed).statistics())
          .filteredOn(t -> t.table().equals("stats_probe"))
          .singleElement()
          .satisfies(
              t -> {
                assertThat(t.statisticsColumns()).isEqualTo(2);
                assertThat(t.liveRows()).isEqualTo(2000);
              });
    }
  }
}
