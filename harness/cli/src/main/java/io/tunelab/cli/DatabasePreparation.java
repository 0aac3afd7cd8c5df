package io.tunelab.cli;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.db.DataPreparation;
import io.tunelab.tiers.db.Database;
import java.util.Map;

/** Migrates and seeds the database of a stack as its knobs ask. */
final class DatabasePreparation {
  private DatabasePreparation() {}

  static Map<String, Long> prepare(Endpoints endpoints, KnobSet knobs, boolean seed) {
    return DataPreparation.prepare(
        new Database(endpoints.db(), endpoints.dbUser(), endpoints.dbPassword()), knobs, seed);
  }
}
