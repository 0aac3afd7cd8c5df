package io.tunelab.tiers.broker;

import io.tunelab.tiers.Tier;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;

/** SKELETON: the broker tier, implemented by the db work. */
public final class BrokerTier implements Tier {
  private BrokerTier() {}

  /**
   * Creates a fresh cluster in {@code dir}, starts PostgreSQL on 127.0.0.1 and waits until it
   * answers JDBC, with database {@code tunelab} and user {@code tunelab} created.
   *
   * @param owner the controller whose death stops the server; empty for a detached stack
   */
  public static BrokerTier start(BrokerConfig config, Path dir, OptionalLong owner) {
    throw new UnsupportedOperationException("broker tier not implemented yet");
  }

  public String url() {
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
    return "broker";
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
    return Path.of("broker.log");
  }

  @Override
  public void close() {}
}
