package io.tunelab.mocks.extension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class FaultInjectionTest {
  @Test
  void neverFailsAtRateZeroAndAlwaysAtRateOne() {
    FaultInjection faults = new FaultInjection();
    for (int i = 0; i < 1_000; i++) {
      assertThat(faults.draw()).isFalse();
    }
    faults.setRate(1);
    for (int i = 0; i < 1_000; i++) {
      assertThat(faults.draw()).isTrue();
    }
  }

  @Test
  void observedShareConvergesToTheRate() {
    FaultInjection faults = new FaultInjection();
    faults.setRate(0.25);
    int failed = 0;
    for (int i = 0; i < 100_000; i++) {
      failed += faults.draw() ? 1 : 0;
    }
    // 100,000 draws: the standard deviation of the share is 0.0014; 0.01 is over 7 of them.
    assertThat(failed / 100_000.0).isBetween(0.24, 0.26);
  }

  @Test
  void rejectsARateOutsideZeroToOne() {
    FaultInjection faults = new FaultInjection();
    for (double bad : new double[] {-0.1, 1.01, Double.NaN}) {
      assertThatThrownBy(() -> faults.setRate(bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("from 0 to 1");
    }
  }
}
