package io.tunelab.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class RatioIntervalTest {
  private static final Moments A = Moments.of(new double[] {9, 10, 11});
  private static final Moments B = Moments.of(new double[] {18, 20, 22});

  @Test
  void fiellerIntervalMatchesTheHandComputation() {
    // A = {9, 10, 11}: mA = 10, vA = sA^2/nA = 1/3. B = {18, 20, 22}: mB = 20, vB = 4/3.
    // Welch df = (1/3 + 4/3)^2 / ((1/3)^2/2 + (4/3)^2/2) = (25/9) / (17/18) = 50/17 = 2.941176
    // t = t(0.975, 50/17) = 3.218759 (scipy.stats.t.ppf), t^2 = 10.360407
    // g = t^2 vA / mA^2 = 10.360407 / 300 = 0.034535; q = mB/mA = 2
    // half = (t/|mA|) sqrt(vB (1 - g) + q^2 vA) = 0.3218759 x sqrt(1.287287 + 1.333333)
    //      = 0.3218759 x 1.618833 = 0.521063
    // ends = (2 -+ 0.521063) / (1 - 0.034535) = 1.531838 .. 2.611242
    RatioInterval ci = RatioInterval.fieller(A, B, 50.0 / 17, 0.95);

    assertThat(ci.bounded()).isTrue();
    assertThat(ci.low()).isCloseTo(1.531838, within(1e-6));
    assertThat(ci.high()).isCloseTo(2.611242, within(1e-6));
  }

  @Test
  void endsAreWhereTheFiellerStatisticEqualsTheTQuantile() {
    // At an end r: (mB - r mA)^2 = t^2 (vB + r^2 vA); the interval is not symmetric around q.
    double df = 50.0 / 17;
    double t = Quantiles.t(0.975, df);
    RatioInterval ci = RatioInterval.fieller(A, B, df, 0.95);

    for (double r : new double[] {ci.low(), ci.high()}) {
      double statistic = Math.abs(20 - r * 10) / Math.sqrt(4.0 / 3 + r * r / 3);
      assertThat(statistic).isCloseTo(t, within(1e-9));
    }
    assertThat(2 - ci.low()).isLessThan(ci.high() - 2);
  }

  @Test
  void constantSamplesGiveThePointRatio() {
    RatioInterval ci =
        RatioInterval.fieller(
            Moments.of(new double[] {4, 4}), Moments.of(new double[] {5, 5, 5}), 3, 0.95);

    assertThat(ci.low()).isEqualTo(1.25);
    assertThat(ci.high()).isEqualTo(1.25);
  }

  @Test
  void aBaselineMeanNotDistinguishableFromZeroGivesNoBounds() {
    // A = {1, 2, 30}: mean 11, s^2 = 271, vA = 90.33; g = t^2 x 90.33 / 121 > 1 for any t > 1.16
    RatioInterval ci =
        RatioInterval.fieller(
            Moments.of(new double[] {1, 2, 30}), Moments.of(new double[] {10, 11, 12}), 2.1, 0.95);

    assertThat(ci).isEqualTo(RatioInterval.UNBOUNDED);
    assertThat(ci.low()).isNull();
    assertThat(ci.contains(1e9)).isTrue();
  }

  @Test
  void aBaselineMeanOfZeroGivesNoBounds() {
    RatioInterval ci =
        RatioInterval.fieller(
            Moments.of(new double[] {0, 0, 0}), Moments.of(new double[] {1, 2, 3}), 2, 0.95);

    assertThat(ci.bounded()).isFalse();
  }
}
