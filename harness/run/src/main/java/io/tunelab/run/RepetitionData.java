package io.tunelab.run;

import io.tunelab.core.HarnessFailureException;
import io.tunelab.core.knobs.DataKnobs;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.db.DataPreparation;
import io.tunelab.tiers.db.Database;
import io.tunelab.tiers.db.DatabaseException;

/** A queue-fed plan's data before a repetition: nothing left on the queues, the tables prepared. */
public final class RepetitionData {
  private RepetitionData() {}

  /**
   * With {@code db.purge}, first empties the queues and compacts the broker's journal: what a
   * stalled repetition left waiting would otherwise be counted in this one, the middleware must not
   * work on it while the tables are purged, and every repetition starts from a journal of live
   * records only. Then migrates, seeds, purges and analyzes as the knobs say.
   */
  public static void prepare(RunTiers tiers, KnobSet knobs) {
    Endpoints endpoints = tiers.endpoints();
    if (knobs.get(DataKnobs.PURGE)) {
      try (BrokerManagement broker = BrokerManagement.of(endpoints)) {
        broker.purgeQueues();
        broker.compactJournal();
      }
    }
    try {
      DataPreparation.prepare(Database.of(endpoints), knobs, true);
    } catch (DatabaseException e) {
      // a lock the purge waited for in vain: often a middleware transaction stuck on a send the
      // broker blocks, which is the cause worth naming
      throw new HarnessFailureException(
          e.getMessage() + tiers.brokerBlocking().map(why -> "; " + why).orElse(""), e);
    }
  }
}
