package io.tunelab.tiers.broker;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import java.util.List;
import org.junit.jupiter.api.Test;

class BrokerConfigTest {
  private static BrokerConfig with(long redeliveryDelayMillis, int attempts, String dla) {
    return new BrokerConfig(
        0,
        true,
        BrokerConfig.JournalType.NIO,
        true,
        true,
        redeliveryDelayMillis,
        attempts,
        dla,
        List.of());
  }

  @Test
  void rejectsANegativeRedeliveryDelay() {
    assertThatThrownBy(() -> with(-1, 5, "DLQ"))
        .isInstanceOf(BadInputException.class)
        .hasMessage("broker.redeliveryDelayMillis must be 0 or more, was -1");
  }

  @Test
  void rejectsZeroDeliveryAttempts() {
    assertThatThrownBy(() -> with(0, 0, "DLQ"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("broker.maxDeliveryAttempts must be at least 1, or -1");
  }

  @Test
  void rejectsADeadLetterAddressWithWildcardsOrPlaceholders() {
    assertThatThrownBy(() -> with(0, 5, "DLQ.#"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("broker.deadLetterAddress");
    assertThatThrownBy(() -> with(0, 5, "${x}"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("broker.deadLetterAddress");
  }

  @Test
  void acceptsNeverDeadLettering() {
    with(0, -1, "DLQ");
  }
}
