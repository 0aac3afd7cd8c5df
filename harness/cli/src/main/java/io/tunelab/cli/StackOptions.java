package io.tunelab.cli;

import io.tunelab.tiers.stack.StackConfig;

/** SKELETON: tier settings of {@code stack up}. */
final class StackOptions {
  StackConfig config() {
    return StackConfig.defaults();
  }
}
