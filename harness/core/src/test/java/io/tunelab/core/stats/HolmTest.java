package io.tunelab.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class HolmTest {
  @Test
  void adjustsATextbookVectorStepDown() {
    // sorted 0.005, 0.01, 0.03, 0.04 (m = 4): 4 x 0.005 = 0.02, 3 x 0.01 = 0.03,
    // 2 x 0.03 = 0.06, 1 x 0.04 = 0.04 -> max(0.06, 0.04) = 0.06 (monotone);
    // R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03 0.06 0.06 0.02
    double[] adjusted = Holm.adjust(new double[] {0.01, 0.04, 0.03, 0.005});

    assertThat(adjusted).containsExactly(new double[] {0.03, 0.06, 0.06, 0.02}, within(1e-12));
  }

  @Test
  void capsAtOne() {
    // 2 x 0.5 = 1.0, then max(1.0, 1 x 0.6) = 1.0
    assertThat(Holm.adjust(new double[] {0.6, 0.5}))
        .containsExactly(new double[] {1.0, 1.0}, within(1e-12));
  }

  @Test
  void aFamilyOfOneIsUnchanged() {
    assertThat(Holm.adjust(new double[] {0.0123})).containsExactly(0.0123);
  }

  @Test
  void tiesGetTheSameAdjustedValue() {
    // sorted 0.01, 0.01, 0.2: 3 x 0.01 = 0.03, 2 x 0.01 = 0.02 -> 0.03, 1 x 0.2 = 0.2
    assertThat(Holm.adjust(new double[] {0.2, 0.01, 0.01}))
        .containsExactly(new double[] {0.2, 0.03, 0.03}, within(1e-12));
  }

  @Test
  void refusesAValueThatIsNoProbability() {
    assertThatThrownBy(() -> Holm.adjust(new double[] {0.1, Double.NaN}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must be in 0..1, was NaN");
  }
}
