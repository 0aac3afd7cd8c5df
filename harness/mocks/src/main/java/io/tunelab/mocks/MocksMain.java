package io.tunelab.mocks;

/** Placeholder main of the mocks tier. */
public final class MocksMain {
  private MocksMain() {}

  public static void main(String[] args) {}
}
