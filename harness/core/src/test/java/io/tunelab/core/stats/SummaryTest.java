package io.tunelab.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryTest {
  @Test
  void threeValuesGiveMedianCvAndStudentTInterval() {
    // mean 110, s = sqrt((100 + 0 + 100) / 2) = 10, cv = 10/110, t(0.975, 2) = 4.302653
    // (tables: 4.303); half width 4.302653 x 10 / sqrt(3) = 24.841377
    Summary summary = Summary.of(List.of(120, 100, 110));

    assertThat(summary.median()).isEqualTo(110);
    assertThat(summary.mean()).isEqualTo(110);
    assertThat(summary.stdDev()).isCloseTo(10, within(1e-9));
    assertThat(summary.cv()).isCloseTo(0.090909, within(1e-6));
    assertThat(summary.ciLow()).isCloseTo(85.158623, within(1e-6));
    assertThat(summary.ciHigh()).isCloseTo(134.841377, within(1e-6));
    assertThat(summary.noisy()).isTrue();
  }

  @Test
  void evenCountTakesTheMeanOfTheMiddleTwo() {
    // mean 2.5, s = sqrt(5/3) = 1.290994, t(0.975, 3) = 3.182446, half width 2.054260
    Summary summary = Summary.of(List.of(4.0, 1.0, 3.0, 2.0));

    assertThat(summary.median()).isEqualTo(2.5);
    assertThat(summary.stdDev()).isCloseTo(1.290994, within(1e-6));
    assertThat(summary.ciLow()).isCloseTo(0.445740, within(1e-6));
    assertThat(summary.ciHigh()).isCloseTo(4.554260, within(1e-6));
  }

  @Test
  void steadyValuesAreNotNoisy() {
    // mean 1000, s = 10, cv = 1%
    Summary summary = Summary.of(List.of(990, 1000, 1010));

    assertThat(summary.cv()).isCloseTo(0.01, within(1e-9));
    assertThat(summary.noisy()).isFalse();
  }

  @Test
  void oneValueHasNoSpread() {
    Summary summary = Summary.of(List.of(42));

    assertThat(summary.median()).isEqualTo(42);
    assertThat(summary.cv()).isNaN();
    assertThat(summary.hasInterval()).isFalse();
    assertThat(summary.noisy()).isFalse();
  }

  @Test
  void tQuantilesMatchTheTablesAtAnyDegreesOfFreedom() {
    // two-sided 95% values from the standard tables (and scipy.stats.t.ppf(0.975, df))
    assertThat(Quantiles.t(0.975, 1)).isCloseTo(12.706205, within(1e-6));
    assertThat(Quantiles.t(0.975, 40)).isCloseTo(2.021075, within(1e-6));
    assertThat(Quantiles.t(0.975, 120)).isCloseTo(1.979930, within(1e-6));
  }
}
