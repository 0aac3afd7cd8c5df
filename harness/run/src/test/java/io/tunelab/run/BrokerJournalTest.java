package io.tunelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.tiers.broker.BrokerAttributes;
import io.tunelab.tiers.broker.BrokerConfig;
import org.junit.jupiter.api.Test;

/** A broker that fell back to another journal than the knob asks for is said, with the fix. */
class BrokerJournalTest {
  private static BrokerAttributes broker(boolean persistence, BrokerConfig.JournalType type) {
    return new BrokerAttributes("2.56.0", persistence, type, true, true, 90, 0.1);
  }

  @Test
  void asyncioAskedAndNioWrittenIsSaidNamingLibaio() {
    assertThat(
            BrokerJournal.fallback(broker(true, BrokerConfig.JournalType.NIO), KnobSet.defaults()))
        .hasValueSatisfying(
            notice ->
                assertThat(notice)
                    .startsWith("the broker journals on NIO, not the ASYNCIO broker.journal.type")
                    .contains("apt-get install libaio1"));
    assertThat(BrokerJournal.effective(broker(true, BrokerConfig.JournalType.NIO)))
        .isEqualTo("NIO");
  }

  @Test
  void theJournalAskedForOrNoneAtAllIsNotANotice() {
    assertThat(
            BrokerJournal.fallback(
                broker(true, BrokerConfig.JournalType.ASYNCIO), KnobSet.defaults()))
        .isEmpty();
    assertThat(
            BrokerJournal.fallback(
                broker(true, BrokerConfig.JournalType.NIO),
                KnobSet.defaults().with("broker.journal.type", "NIO")))
        .isEmpty();
    assertThat(
            BrokerJournal.fallback(broker(false, BrokerConfig.JournalType.NIO), KnobSet.defaults()))
        .isEmpty();
    assertThat(BrokerJournal.effective(broker(false, BrokerConfig.JournalType.NIO)))
        .isEqualTo("none");
  }
}
