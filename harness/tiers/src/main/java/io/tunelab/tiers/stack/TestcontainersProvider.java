package io.tunelab.tiers.stack;

/** SKELETON: the testcontainers provider. */
public final class TestcontainersProvider implements StackProvider {
  public static final String NAME = "testcontainers";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Stack start(StackConfig config) {
    throw new UnsupportedOperationException("testcontainers provider not implemented yet");
  }
}
