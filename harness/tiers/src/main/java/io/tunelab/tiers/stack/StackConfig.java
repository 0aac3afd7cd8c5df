package io.tunelab.tiers.stack;

import io.tunelab.tiers.broker.BrokerConfig;
import io.tunelab.tiers.db.DbConfig;
import io.tunelab.tiers.mocks.MocksConfig;
import java.util.Objects;

/**
 * Settings of the three stack tiers.
 *
 * @param detached whether the stack outlives the controller (ended by {@code stack down})
 */
public record StackConfig(DbConfig db, BrokerConfig broker, MocksConfig mocks, boolean detached) {
  public StackConfig {
    Objects.requireNonNull(db, "db");
    Objects.requireNonNull(broker, "broker");
    Objects.requireNonNull(mocks, "mocks");
  }

  public static StackConfig defaults() {
    return new StackConfig(
        DbConfig.defaults(), BrokerConfig.defaults(), MocksConfig.defaults(), false);
  }

  public StackConfig withDb(DbConfig value) {
    return new StackConfig(value, broker, mocks, detached);
  }

  public StackConfig withBroker(BrokerConfig value) {
    return new StackConfig(db, value, mocks, detached);
  }

  public StackConfig withMocks(MocksConfig value) {
    return new StackConfig(db, broker, value, detached);
  }

  public StackConfig withDetached(boolean value) {
    return new StackConfig(db, broker, mocks, value);
  }
}
