package io.tunelab.tiers.db;

import io.tunelab.core.BadInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The {@code -c} settings a server actually starts with: the config's, minus what these binaries
 * cannot load, and never the ones the tier itself owns.
 */
final class ServerSettings {
  static final String PRELOAD = "shared_preload_libraries";
  static final String STATEMENTS = "pg_stat_statements";

  /** Where the server listens and keeps its files: tunelab decides, so the stack can find it. */
  private static final Set<String> OWNED_BY_TIER =
      Set.of(
          "port",
          "listen_addresses",
          "unix_socket_directories",
          "data_directory",
          "config_file",
          "hba_file",
          "ident_file");

  private final Map<String, String> settings;
  private final List<String> warnings;

  private ServerSettings(Map<String, String> settings, List<String> warnings) {
    this.settings = settings;
    this.warnings = warnings;
  }

  static ServerSettings resolve(Map<String, String> requested, PgBinaries binaries) {
    Map<String, String> settings = new LinkedHashMap<>();
    for (Map.Entry<String, String> entry : requested.entrySet()) {
      String name = entry.getKey().strip().toLowerCase(Locale.ROOT);
      if (OWNED_BY_TIER.contains(name)) {
        throw new BadInputException(
            "db.server."
                + name
                + " cannot be set: the db tier sets it itself (it listens on 127.0.0.1, keeps its"
                + " files in its stack directory; choose the port with db.port)");
      }
      settings.put(name, entry.getValue());
    }
    List<String> warnings = new ArrayList<>();
    List<String> preload = libraries(settings.getOrDefault(PRELOAD, ""));
    if (preload.contains(STATEMENTS) && !binaries.hasModule(STATEMENTS)) {
      preload.remove(STATEMENTS);
      settings.put(PRELOAD, String.join(",", preload));
      settings.keySet().removeIf(name -> name.startsWith(STATEMENTS + "."));
      warnings.add(
          "WARN: "
              + binaries.pkgLib().resolve(STATEMENTS + ".so")
              + " is missing, so PostgreSQL starts without pg_stat_statements and top SQL is not"
              + " recorded (on Debian: apt-get install postgresql-contrib)");
    }
    return new ServerSettings(settings, warnings);
  }

  private static List<String> libraries(String value) {
    return new ArrayList<>(
        Arrays.stream(value.split(","))
            .map(library -> library.strip().replace("'", "").replace("\"", ""))
            .filter(library -> !library.isEmpty())
            .toList());
  }

  /** What the server starts with, in order. */
  Map<String, String> settings() {
    return settings;
  }

  /** Settings that were asked for but dropped, and why. */
  List<String> warnings() {
    return warnings;
  }

  boolean loadsStatements() {
    return libraries(settings.getOrDefault(PRELOAD, "")).contains(STATEMENTS);
  }

  /** {@code -c name=value} for each setting. */
  List<String> arguments() {
    List<String> arguments = new ArrayList<>();
    settings.forEach(
        (name, value) -> {
          arguments.add("-c");
          arguments.add(name + "=" + value);
        });
    return arguments;
  }
}
