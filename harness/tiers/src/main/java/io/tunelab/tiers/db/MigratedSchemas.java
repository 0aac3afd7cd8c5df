package io.tunelab.tiers.db;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The schemas this process brought up to date with Flyway, so that the data preparation before
 * every repetition does not run Flyway again on a schema it left current: each run cost 3 to 4
 * connections and Flyway's scan and validation of every migration, about a tenth of a short run's
 * controller CPU. A schema counts as done while its history is the one Flyway left (its rows and
 * latest install time, which a schema dropped and migrated again changes) and the migrations folder
 * holds the same files; anything that cannot be read counts as not done.
 */
final class MigratedSchemas {
  private static final Set<String> DONE = ConcurrentHashMap.newKeySet();

  private MigratedSchemas() {}

  /** Whether Flyway brought this schema, as it is now, up to the folder's migrations. */
  static boolean done(Jdbc jdbc, Path migrationsDir) {
    return state(jdbc, migrationsDir).map(DONE::contains).orElse(false);
  }

  /** Records that Flyway just brought the schema up to the folder's migrations. */
  static void record(Jdbc jdbc, Path migrationsDir) {
    state(jdbc, migrationsDir).ifPresent(DONE::add);
  }

  private static Optional<String> state(Jdbc jdbc, Path migrationsDir) {
    try {
      String history =
          jdbc.call(
              "reading the schema history",
              connection -> {
                try (Statement statement = connection.createStatement()) {
                  // asked first, so a new database's missing history is no error in its log
                  if (Jdbc.number(
                          connection,
                          "SELECT count(*) FROM pg_class"
                              + " WHERE oid = to_regclass('flyway_schema_history')")
                      == 0) {
                    return null;
                  }
                  try (ResultSet rows =
                      statement.executeQuery(
                          "SELECT count(*) || ' ' || max(installed_on)"
                              + " FROM flyway_schema_history")) {
                    rows.next();
                    return rows.getString(1);
                  }
                }
              });
      if (history == null) {
        return Optional.empty();
      }
      return Optional.of(
          jdbc.url()
              + "|"
              + history
              + "|"
              + migrationsDir.toAbsolutePath()
              + "|"
              + files(migrationsDir));
    } catch (DatabaseException e) {
      // unreadable: Flyway runs, and judges
      return Optional.empty();
    }
  }

  private static String files(Path migrationsDir) {
    try (Stream<Path> files = Files.list(migrationsDir)) {
      return files
          .map(file -> file.getFileName() + ":" + size(file))
          .sorted()
          .collect(Collectors.joining(","));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the migrations in " + migrationsDir, e);
    }
  }

  private static String size(Path file) {
    try {
      return Files.size(file) + ":" + Files.getLastModifiedTime(file).toMillis();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }
}
