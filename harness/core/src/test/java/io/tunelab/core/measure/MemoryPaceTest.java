package io.tunelab.core.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

class MemoryPaceTest {
  @Test
  void theWalkIsOneCycleThroughEverySlot() {
    int slots = 10_000;
    int[] next = MemoryPace.cycle(slots, 42);
    BitSet seen = new BitSet(slots);
    int p = 0;
    for (int i = 0; i < slots; i++) {
      assertThat(seen.get(p)).as("slot %d visited twice before the cycle closed", p).isFalse();
      seen.set(p);
      p = next[p];
    }

    assertThat(p).as("back at the start after every slot").isZero();
    assertThat(seen.cardinality()).isEqualTo(slots);
  }

  @Test
  void eachWalkGoesOnFromWhereTheLastStopped() {
    MemoryPace pace = new MemoryPace(1000, 100, 7);
    int[] next = MemoryPace.cycle(1000, 7);
    int expected = 0;
    for (int i = 0; i < 200; i++) {
      expected = next[expected];
    }

    pace.walk();

    assertThat(pace.walk()).isEqualTo(expected);
  }
}
