package io.tunelab.cli;

import io.tunelab.core.stack.Endpoints;
import java.util.Map;

/** SKELETON: migrate and seed the database of a fresh stack. */
final class DatabasePreparation {
  private DatabasePreparation() {}

  static Map<String, Long> prepare(Endpoints endpoints, boolean seed) {
    return Map.of();
  }
}
