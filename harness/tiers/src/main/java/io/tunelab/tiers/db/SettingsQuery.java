package io.tunelab.tiers.db;

import io.tunelab.core.BadInputException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The server's own view of its settings, for {@link Database}. */
final class SettingsQuery {
  private final Jdbc jdbc;

  SettingsQuery(Jdbc jdbc) {
    this.jdbc = jdbc;
  }

  /** The server's current values of {@code names}, as {@code SHOW} gives them, in order. */
  Map<String, String> show(String... names) {
    List<String> unknown = unknown(List.of(names));
    if (!unknown.isEmpty()) {
      throw new BadInputException(
          "PostgreSQL has no setting "
              + String.join(", ", unknown)
              + ": SELECT name FROM pg_settings lists the valid names");
    }
    return jdbc.call(
        "reading settings",
        connection -> {
          Map<String, String> values = new LinkedHashMap<>();
          try (PreparedStatement query = connection.prepareStatement("SELECT current_setting(?)")) {
            for (String name : names) {
              query.setString(1, name);
              try (ResultSet rows = query.executeQuery()) {
                rows.next();
                values.put(name, rows.getString(1));
              }
            }
          }
          return values;
        });
  }

  /** The names among {@code names} that are not server settings (pg_settings), in order. */
  List<String> unknown(Collection<String> names) {
    Set<String> known =
        jdbc.call(
            "reading pg_settings",
            connection -> {
              Set<String> all = new HashSet<>();
              try (Statement statement = connection.createStatement();
                  ResultSet rows = statement.executeQuery("SELECT lower(name) FROM pg_settings")) {
                while (rows.next()) {
                  all.add(rows.getString(1));
                }
              }
              return all;
            });
    return names.stream()
        .filter(name -> !known.contains(name.strip().toLowerCase(Locale.ROOT)))
        .toList();
  }

  /** The server's version, e.g. {@code 15.18 (Debian 15.18-0+deb12u1)}. */
  String serverVersion() {
    return jdbc.call(
        "reading server_version",
        connection -> {
          try (Statement statement = connection.createStatement();
              ResultSet rows = statement.executeQuery("SELECT current_setting('server_version')")) {
            rows.next();
            return rows.getString(1);
          }
        });
  }
}
