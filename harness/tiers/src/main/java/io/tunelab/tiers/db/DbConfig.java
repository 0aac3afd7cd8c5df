package io.tunelab.tiers.db;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Settings of the db tier: a fresh PostgreSQL cluster.
 *
 * @param port the port on 127.0.0.1, 0 for any free one
 * @param binaries where the PostgreSQL binaries come from
 * @param serverSettings server settings passed as {@code -c name=value}; merged over {@link
 *     #DEFAULT_SETTINGS}, which set durability explicitly so no default can hide (fsync on)
 */
public record DbConfig(int port, DbBinaries binaries, Map<String, String> serverSettings) {
  /**
   * What every cluster starts with unless a setting overrides it. Durability is explicit (fsync,
   * synchronous_commit, full_page_writes) because some packagings turn it off for tests.
   */
  public static final Map<String, String> DEFAULT_SETTINGS = defaultSettings();

  public DbConfig {
    Objects.requireNonNull(binaries, "binaries");
    Map<String, String> merged = new LinkedHashMap<>(DEFAULT_SETTINGS);
    merged.putAll(serverSettings == null ? Map.of() : serverSettings);
    serverSettings = java.util.Collections.unmodifiableMap(merged);
  }

  public static DbConfig defaults() {
    return new DbConfig(0, DbBinaries.AUTO, Map.of());
  }

  /** The same config with one more server setting. */
  public DbConfig withSetting(String name, String value) {
    Map<String, String> settings = new LinkedHashMap<>(serverSettings);
    settings.put(name, value);
    return new DbConfig(port, binaries, settings);
  }

  public DbConfig withPort(int value) {
    return new DbConfig(value, binaries, serverSettings);
  }

  public DbConfig withBinaries(DbBinaries value) {
    return new DbConfig(port, value, serverSettings);
  }

  private static Map<String, String> defaultSettings() {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("fsync", "on");
    settings.put("synchronous_commit", "on");
    settings.put("full_page_writes", "on");
    settings.put("max_connections", "100");
    settings.put("shared_buffers", "128MB");
    settings.put("max_wal_size", "1GB");
    settings.put("checkpoint_timeout", "5min");
    settings.put("max_prepared_transactions", "0");
    settings.put("shared_preload_libraries", "pg_stat_statements");
    settings.put("pg_stat_statements.track", "all");
    // plans beside calls per statement: literal SQL plans every call, a server-prepared statement
    // with a generic plan almost never (the sort hub's parse-heavy SQL finding)
    settings.put("pg_stat_statements.track_planning", "on");
    // calls of PL/pgSQL functions in pg_stat_user_functions (the sort hub's parse in the database)
    settings.put("track_functions", "pl");
    settings.put("track_io_timing", "on");
    return java.util.Collections.unmodifiableMap(settings);
  }
}
