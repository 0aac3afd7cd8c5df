package io.tunelab.tiers.mocks;

import io.tunelab.tiers.Tier;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;

/** SKELETON: the mocks tier, implemented by the mocks work. */
public final class MocksTier implements Tier {
  private MocksTier() {}

  /**
   * Starts the mocks JVM serving {@code mocksRoot/siebel} and {@code mocksRoot/brm}.
   *
   * @param owner the controller whose death stops the mocks; empty for a detached stack
   */
  public static MocksTier start(MocksConfig config, Path mocksRoot, Path dir, OptionalLong owner) {
    throw new UnsupportedOperationException("mocks tier not implemented yet");
  }

  public String siebelUrl() {
    throw new UnsupportedOperationException();
  }

  public String brmUrl() {
    throw new UnsupportedOperationException();
  }

  @Override
  public String name() {
    return "mocks";
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
    return Path.of("mocks.log");
  }

  @Override
  public void close() {}
}
