package io.tunelab.run;

import io.tunelab.core.knobs.BrokerKnobs;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.tiers.broker.BrokerAttributes;
import java.util.Optional;

/**
 * The journal the broker writes against the one {@code broker.journal.type} asks for. Artemis falls
 * back from ASYNCIO to NIO, with a warning in its own log only, where the machine lacks libaio: a
 * run would then measure NIO's journal under the name of ASYNCIO. Said as the stack starts, and in
 * each step's read-back ({@code broker.journal}).
 */
final class BrokerJournal {
  private BrokerJournal() {}

  /** What the broker says it journals on: its journal type, or {@code none} without persistence. */
  static String effective(BrokerAttributes attributes) {
    return attributes.persistenceEnabled() ? attributes.journalType().name() : "none";
  }

  /** The notice when the broker journals on another type than the knob asks for; else empty. */
  static Optional<String> fallback(BrokerAttributes attributes, KnobSet knobs) {
    String asked = knobs.get(BrokerKnobs.JOURNAL_TYPE).name();
    if (!attributes.persistenceEnabled() || attributes.journalType().name().equals(asked)) {
      return Optional.empty();
    }
    return Optional.of(
        "the broker journals on "
            + attributes.journalType().name()
            + ", not the "
            + asked
            + " broker.journal.type asks for"
            + (asked.equals("ASYNCIO")
                ? ": Artemis found no libaio here (Debian 12, Ubuntu 22.04: apt-get install"
                    + " libaio1; Debian 13, Ubuntu 24.04: libaio1t64, linked as libaio.so.1;"
                    + " .ci/prerequisites does both)"
                : "")
            + "; this run's numbers are its journal's, not the one asked for");
  }
}
