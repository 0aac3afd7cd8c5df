package io.tunelab.tiers.mocks;

import io.tunelab.tiers.TunelabHome;
import java.nio.file.Path;
import java.util.OptionalLong;

/** Starts the mocks tier of this checkout for a test, its log under {@code target/}. */
final class MocksTiers {
  private MocksTiers() {}

  static MocksTier start(MocksConfig config, Path dir) {
    return MocksTier.start(config, TunelabHome.locate().mocks(), dir, OptionalLong.empty());
  }
}
