package io.tunelab.tiers.mocks;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import io.tunelab.core.knobs.Latency;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MocksConfigTest {
  @Test
  void rejectsTooFewOrTooManyContainerThreads() {
    for (int threads : new int[] {9, 5001}) {
      assertThatThrownBy(() -> new MocksConfig(Map.of(), threads, true, Map.of(), List.of()))
          .isInstanceOf(BadInputException.class)
          .hasMessageContaining("mocks.containerThreads must be 10..5000");
    }
  }

  @Test
  void rejectsAFaultRateOutsideZeroToOne() {
    assertThatThrownBy(() -> new MocksConfig.Mock(Latency.NONE, 1.5))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("from 0 to 1");
  }
}
