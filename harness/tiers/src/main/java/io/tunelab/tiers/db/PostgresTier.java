package io.tunelab.tiers.db;

import io.tunelab.tiers.Tier;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;

/** SKELETON: the db tier, implemented by the db work. */
public final class PostgresTier implements Tier {
  private PostgresTier() {}

  /**
   * Creates a fresh cluster in {@code dir}, starts PostgreSQL on 127.0.0.1 and waits until it
   * answers JDBC, with database {@code tunelab} and user {@code tunelab} created.
   *
   * @param owner the controller whose death stops the server; empty for a detached stack
   */
  public static PostgresTier start(DbConfig config, Path dir, OptionalLong owner) {
    throw new UnsupportedOperationException("db tier not implemented yet");
  }

  public String jdbcUrl() {
    throw new UnsupportedOperationException();
  }

  public String user() {
    throw new UnsupportedOperationException();
  }

  public String password() {
    throw new UnsupportedOperationException();
  }

  @Override
  public String name() {
    return "db";
  }

  @Override
  public List<ProcessHandle> processes() {
    return List.of();
  }

  @Override
  public Duration startTime() {
    return Duration.ZERO;
  }

  @Override
  public Path log() {
    return Path.of("db.log");
  }

  @Override
  public void close() {}
}
