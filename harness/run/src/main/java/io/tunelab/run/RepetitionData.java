package io.tunelab.run;

import io.tunelab.core.knobs.DataKnobs;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.db.DataPreparation;
import io.tunelab.tiers.db.Database;

/** A queue-fed plan's data before a repetition: nothing left on the queues, the tables prepared. */
final class RepetitionData {
  private RepetitionData() {}

  /**
   * With {@code db.purge}, first empties the queues and compacts the broker's journal: what a
   * stalled repetition left waiting would otherwise be counted in this one, the middleware must not
   * work on it while the tables are purged, and every repetition starts from a journal of live
   * records only. Then migrates, seeds, purges and analyzes as the knobs say.
   */
  static void prepare(Endpoints endpoints, KnobSet knobs) {
    if (knobs.get(DataKnobs.PURGE)) {
      try (BrokerManagement broker = BrokerManagement.of(endpoints)) {
        broker.purgeQueues();
        broker.compactJournal();
      }
    }
    DataPreparation.prepare(Database.of(endpoints), knobs, true);
  }
}
