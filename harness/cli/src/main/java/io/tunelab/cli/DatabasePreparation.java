package io.tunelab.cli;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.stack.Endpoints;
import java.util.Map;

/** SKELETON: migrate and seed the database of a fresh stack. */
final class DatabasePreparation {
  private DatabasePreparation() {}

  static Map<String, Long> prepare(Endpoints endpoints, KnobSet knobs, boolean seed) {
    return Map.of();
  }
}
