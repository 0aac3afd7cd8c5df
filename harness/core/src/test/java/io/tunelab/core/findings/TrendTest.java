package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class TrendTest {
  @Test
  void slopeIsInUnitsPerSecond() {
    assertThat(Trend.slopePerSecond(Series.line(10, 5, 1.5))).isCloseTo(1.5, within(1e-9));
    assertThat(Trend.slopePerSecond(Series.flat(10, 7))).isZero();
    assertThat(Trend.slopePerSecond(Series.of(3))).isZero();
  }

  @Test
  void largestRiseSkipsStretchesThatMostlyFall() {
    Trend.Rise rise = Trend.largestRise(Series.of(0, 50, 40, 30, 20, 10, 0), 5, 0.6);

    assertThat(rise.rise()).isZero();
  }

  @Test
  void largestRiseNeedsItsMinimumDuration() {
    Trend.Rise rise = Trend.largestRise(Series.of(0, 10, 20, 30), 5, 0.6);

    assertThat(rise.rise()).isZero();
    assertThat(Trend.largestRise(Series.of(0, 10, 20, 30, 40, 50), 5, 0.6).rise()).isEqualTo(50);
  }
}
