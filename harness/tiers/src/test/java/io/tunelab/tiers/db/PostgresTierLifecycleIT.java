package io.tunelab.tiers.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.tunelab.core.BadInputException;
import io.tunelab.tiers.Ports;
import io.tunelab.tiers.TierInputException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Starting, failing to start and stopping: every way leaves nothing running. */
class PostgresTierLifecycleIT {
  private final List<Path> dirs = new ArrayList<>();
  private final List<AutoCloseable> started = new ArrayList<>();

  @AfterEach
  void cleanUp() throws Exception {
    for (AutoCloseable closeable : started) {
      closeable.close();
    }
    dirs.forEach(DbTestDirs::delete);
  }

  private Path dir(String name) {
    Path dir = DbTestDirs.fresh(name);
    dirs.add(dir);
    return dir;
  }

  private PostgresTier start(DbConfig config, Path dir, OptionalLong owner) {
    PostgresTier tier = PostgresTier.start(config, dir, owner);
    started.add(tier);
    return tier;
  }

  @Test
  void stopsWithNothingLeftRunning() throws Exception {
    Path dir = dir("stop");
    PostgresTier tier = start(DbConfig.defaults(), dir, OptionalLong.empty());
    List<ProcessHandle> all = new ArrayList<>(tier.processes());
    try (Connection connection =
        DriverManager.getConnection(tier.jdbcUrl(), tier.user(), tier.password())) {
      assertThat(connection.isValid(2)).isTrue();
      tier.processes().forEach(p -> p.descendants().forEach(all::add));
      assertThat(all).hasSizeGreaterThan(2); // the postmaster, its helpers and our backend

      tier.close();
    }

    assertThat(all).noneMatch(ProcessHandle::isAlive);
    assertThat(Ports.isListening(tier.port())).isFalse();
    assertThat(DbTestDirs.processesUsing(dir)).isEmpty();
    assertThat(tier.log()).content().contains("database system is shut down");
    tier.close(); // idempotent
  }

  @Test
  void rejectsAnUnknownSettingInPostgresOwnWords() {
    Path dir = dir("bad-name");
    DbConfig config = DbConfig.defaults().withSetting("foo", "bar");

    assertThatThrownBy(() -> start(config, dir, OptionalLong.empty()))
        .isInstanceOf(TierInputException.class)
        .hasMessageStartingWith(
            "the db tier did not start: PostgreSQL refused to start:"
                + " FATAL: unrecognized configuration parameter \"foo\"")
        .hasMessageContaining("check the db.server.foo setting")
        .hasMessageContaining("FROM pg_settings");
    assertThat(DbTestDirs.processesUsing(dir)).isEmpty();
  }

  @Test
  void rejectsABadSettingValueInPostgresOwnWords() {
    Path dir = dir("bad-value");
    DbConfig config = DbConfig.defaults().withSetting("shared_buffers", "lots");

    assertThatThrownBy(() -> start(config, dir, OptionalLong.empty()))
        .isInstanceOf(TierInputException.class)
        .hasMessageContaining(
            "PostgreSQL refused to start: FATAL: invalid value for parameter \"shared_buffers\":"
                + " \"lots\"")
        .hasMessageContaining("check the db.server.shared_buffers setting");
    assertThat(DbTestDirs.processesUsing(dir)).isEmpty();
  }

  @Test
  void rejectsAPortInUse() throws Exception {
    Path dir = dir("port");
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName(Ports.LOOPBACK))) {
      int port = taken.getLocalPort();

      assertThatThrownBy(() -> start(DbConfig.defaults().withPort(port), dir, OptionalLong.empty()))
          .isInstanceOf(BadInputException.class)
          .hasMessageContaining("db.port " + port + " is already in use")
          .hasMessageContaining("choose another port");
    }
    assertThat(dir.resolve("data")).doesNotExist();
  }

  @Test
  void rejectsTunelabPgBinWithoutBinariesBeforeStartingAnything() throws Exception {
    Path empty = Files.createDirectories(dir("empty-bin"));
    Path dir = dir("pg-bin");
    PgBinariesLocator locator =
        new PgBinariesLocator(
            PgSearch.only(empty),
            () -> {
              throw new AssertionError("must not fall back to zonky");
            });
    DbConfig config = DbConfig.defaults().withBinaries(DbBinaries.SYSTEM);

    assertThatThrownBy(() -> PostgresTier.start(config, dir, OptionalLong.empty(), locator))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("TUNELAB_PG_BIN points to " + empty)
        .hasMessageContaining("apt-get install postgresql");
    assertThat(dir).doesNotExist();
  }

  @Test
  void ownerWatchStopsPostgresWhenTheOwnerDies() throws Exception {
    Process owner = new ProcessBuilder("sleep", "300").start();
    started.add(owner::destroyForcibly);
    Path dir = dir("owner");
    PostgresTier tier = start(DbConfig.defaults(), dir, OptionalLong.of(owner.pid()));
    List<ProcessHandle> processes = tier.processes();
    assertThat(processes).hasSize(2);
    assertThat(processes).allMatch(ProcessHandle::isAlive);

    owner.destroyForcibly();

    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(() -> assertThat(processes).noneMatch(ProcessHandle::isAlive));
    assertThat(tier.log()).content().contains("database system is shut down");
    assertThat(dir.resolve("owner-watch.log")).content().contains("owner " + owner.pid());
  }

  @Test
  void startsWithoutPgStatStatementsWhenTheBinariesLackIt() throws Exception {
    PgBinaries system = PgBinariesLocator.fromEnvironment().locate(DbBinaries.AUTO);
    Path noModules = Files.createDirectories(dir("no-modules"));
    PgBinaries lacking =
        new PgBinaries(system.bin(), noModules, system.versionText(), system.source());
    PgBinariesLocator locator = new PgBinariesLocator(PgSearch.only(system.bin()), () -> lacking);
    Path dir = dir("no-statements");

    PostgresTier tier =
        PostgresTier.start(
            DbConfig.defaults().withBinaries(DbBinaries.ZONKY), dir, OptionalLong.empty(), locator);
    started.add(tier);

    Database database = new Database(tier.jdbcUrl(), tier.user(), tier.password());
    assertThat(database.show("shared_preload_libraries").get("shared_preload_libraries"))
        .doesNotContain("pg_stat_statements");
    assertThat(tier.settings()).doesNotContainKey("pg_stat_statements.track");
    assertThat(tier.log())
        .content()
        .contains("WARN: " + noModules.resolve("pg_stat_statements.so"));
  }
}
