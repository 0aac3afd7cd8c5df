package io.tunelab.broker;

/** Placeholder main of the broker tier. */
public final class BrokerMain {
  private BrokerMain() {}

  public static void main(String[] args) {}
}
