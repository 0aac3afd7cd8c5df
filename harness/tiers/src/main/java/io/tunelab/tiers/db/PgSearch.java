package io.tunelab.tiers.db;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Where {@link PgBinariesLocator} looks for the system's PostgreSQL binaries. Tests build their own
 * instead of changing the process environment.
 *
 * @param configuredBin a bin directory the user named, empty when none
 * @param configuredBy how the user named it, for messages, e.g. {@code TUNELAB_PG_BIN}
 * @param pgConfig the {@code pg_config} command to ask for {@code --bindir}
 * @param versionsRoot the folder of per-version installations ({@code <root>/<major>/bin})
 */
public record PgSearch(
    Optional<Path> configuredBin, String configuredBy, String pgConfig, Path versionsRoot) {
  /** System property naming the bin directory; wins over {@link #ENV}. */
  public static final String PROPERTY = "tunelab.pg.bin";

  /** Environment variable naming the bin directory. */
  public static final String ENV = "TUNELAB_PG_BIN";

  /** The search a user gets: {@value #PROPERTY}, {@value #ENV}, pg_config, Debian's layout. */
  public static PgSearch fromEnvironment() {
    String property = System.getProperty(PROPERTY);
    String env = System.getenv(ENV);
    Optional<Path> configured = Optional.empty();
    String by = ENV;
    if (property != null && !property.isBlank()) {
      configured = Optional.of(Path.of(property));
      by = "-D" + PROPERTY;
    } else if (env != null && !env.isBlank()) {
      configured = Optional.of(Path.of(env));
    }
    return new PgSearch(configured, by, "pg_config", Path.of("/usr/lib/postgresql"));
  }

  /** A search that only looks at {@code bin}, as if {@value #ENV} named it. */
  public static PgSearch only(Path bin) {
    return new PgSearch(Optional.of(bin), ENV, "pg_config", Path.of("/usr/lib/postgresql"));
  }
}
