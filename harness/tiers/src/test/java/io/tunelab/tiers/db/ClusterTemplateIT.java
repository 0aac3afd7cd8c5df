package io.tunelab.tiers.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.tiers.RuntimeDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The db tier's clusters are copies of one made by initdb, each with its stack's own password. */
class ClusterTemplateIT {
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

  @Test
  void eachCopyAnswersItsStacksPasswordOnlyAndNeverShowsIt() throws Exception {
    DbConfig config =
        DbConfig.defaults()
            .withSetting("log_statement", "all")
            .withSetting("log_min_duration_statement", "0");
    PostgresTier first = PostgresTier.start(config, dir("copy-a"), OptionalLong.empty());
    started.add(first);
    PostgresTier second = PostgresTier.start(config, dir("copy-b"), OptionalLong.empty());
    started.add(second);
    Path template =
        new ClusterTemplate(RuntimeDir.cache().resolve(PostgresTier.TEMPLATES))
            .folder(first.binaries());
    String templatePassword =
        Files.readString(template.resolve(ClusterTemplate.PASSWORD), StandardCharsets.UTF_8)
            .strip();

    assertThat(Files.getPosixFilePermissions(template.resolve(ClusterTemplate.PASSWORD)))
        .isEqualTo(PosixFilePermissions.fromString("rw-------"));
    assertThat(first.password()).isNotEqualTo(second.password()).isNotEqualTo(templatePassword);
    for (PostgresTier tier : List.of(first, second)) {
      try (Connection connection =
          DriverManager.getConnection(tier.jdbcUrl(), tier.user(), tier.password())) {
        assertThat(connection.isValid(2)).isTrue();
        assertThat(statementsMentioning(connection, "PASSWORD")).isEmpty();
      }
      assertThatThrownBy(
              () -> DriverManager.getConnection(tier.jdbcUrl(), tier.user(), templatePassword))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("password authentication failed");
      assertThat(tier.log())
          .content()
          .contains("execute <unnamed>: CREATE DATABASE tunelab")
          .doesNotContain(tier.password())
          .doesNotContainIgnoringCase("ALTER USER")
          .doesNotContainIgnoringCase("ALTER ROLE");
    }
  }

  @Test
  void startsThatRaceForAMissingTemplateEachGetAWholeCopyOfTheOneKept() throws Exception {
    Path templates = dir("templates");
    ClusterTemplate template = new ClusterTemplate(templates);
    PgBinaries binaries =
        PgBinariesLocator.fromEnvironment().locate(DbConfig.defaults().binaries());
    ServerUser serverUser = ServerUser.forThisProcess();
    Path a = dir("race-a");
    Path b = dir("race-b");
    for (Path root : List.of(a, b)) {
      Files.createDirectories(root);
      serverUser.own(root);
    }

    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<String> first = pool.submit(copy(template, binaries, serverUser, a));
      Future<String> second = pool.submit(copy(template, binaries, serverUser, b));
      assertThat(first.get()).isEqualTo(second.get());
    } finally {
      pool.shutdownNow();
    }

    try (Stream<Path> kept = Files.list(templates)) {
      assertThat(kept.map(p -> p.getFileName().toString()))
          .containsExactly(ClusterTemplate.key(binaries));
    }
    Map<String, Long> original = files(template.folder(binaries).resolve(ClusterTemplate.DATA));
    assertThat(original).containsKey("PG_VERSION").containsKey("global/pg_control");
    assertThat(files(a.resolve("data"))).isEqualTo(original);
    assertThat(files(b.resolve("data"))).isEqualTo(original);
    assertThat(Files.getPosixFilePermissions(a.resolve("data")))
        .isEqualTo(PosixFilePermissions.fromString("rwx------"));
  }

  private static Callable<String> copy(
      ClusterTemplate template, PgBinaries binaries, ServerUser serverUser, Path root) {
    return () ->
        template.copyInto(binaries, serverUser, root.resolve("data"), root.resolve("initdb.log"));
  }

  /** Each file's path in the cluster and its size. */
  private static Map<String, Long> files(Path data) throws IOException {
    Map<String, Long> files = new TreeMap<>();
    try (Stream<Path> paths = Files.walk(data)) {
      for (Path path : paths.filter(Files::isRegularFile).toList()) {
        files.put(data.relativize(path).toString(), Files.size(path));
      }
    }
    return files;
  }

  private static List<String> statementsMentioning(Connection connection, String word)
      throws SQLException {
    List<String> found = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        ResultSet rows =
            statement.executeQuery(
                "SELECT query FROM pg_stat_statements WHERE query ILIKE '%" + word + "%'")) {
      while (rows.next()) {
        found.add(rows.getString(1));
      }
    }
    return found;
  }
}
