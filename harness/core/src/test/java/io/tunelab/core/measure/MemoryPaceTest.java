package io.tunelab.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.BitSet;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MemoryPaceTest {
  @Test
  void theWalkIsOneCycleThroughEverySlot() {
    int slots = 1 << 14;
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
    MemoryPace pace = new MemoryPace(1024, 100, 7);
    int[] next = MemoryPace.cycle(1024, 7);
    int expected = 0;
    for (int i = 0; i < 200; i++) {
      expected = next[expected];
    }

    pace.walk();

    assertThat(pace.walk()).isEqualTo(expected);
  }

  @Test
  void noFixedStrideLeadsFromOneSlotToTheNext() {
    int slots = 1 << 14;
    int[] next = MemoryPace.cycle(slots, 42);
    Set<Integer> strides = new HashSet<>();
    for (int p = 0; p < slots; p++) {
      strides.add(Math.floorMod(next[p] - p, slots));
    }

    // a prefetcher follows a stride it sees a few times in a row; here they keep changing
    assertThat(strides).hasSizeGreaterThan(slots / 8);
  }

  @Test
  void aSizeThatIsNotAPowerOfTwoIsRefused() {
    assertThatThrownBy(() -> MemoryPace.cycle(10_000, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("power of two");
  }
}
