package io.tunelab.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class MannKendallTest {
  @Test
  void fiveRisingValuesAreATrendAtTheSmallestPFiveCanGive() {
    // scipy.stats.kendalltau(range(5), x, method='exact').pvalue = 0.016667 (= 2/120)
    MannKendall mk = MannKendall.of(List.of(1.0, 2.0, 3.0, 4.0, 5.0));

    assertThat(mk.s()).isEqualTo(10);
    assertThat(mk.p()).isCloseTo(0.016667, within(1e-6));
    assertThat(mk.trend(0.05)).isTrue();
    assertThat(mk.senSlope()).isEqualTo(1.0);
  }

  @Test
  void theIssuesDatabaseCostIsNotATrendOnFiveValuesThatFallBackAtTheEnd() {
    // db CPU ms per order over five repetitions; kendalltau exact p = 0.233333, Sen's slope
    // 2.95 ms per repetition, x4 / median 62.7 = +18.8% from first to last
    MannKendall mk = MannKendall.of(List.of(58.1, 60.7, 66.2, 69.5, 62.7));

    assertThat(mk.s()).isEqualTo(6);
    assertThat(mk.p()).isCloseTo(0.233333, within(1e-6));
    assertThat(mk.trend(0.05)).isFalse();
    assertThat(mk.senSlope()).isCloseTo(2.95, within(1e-9));
    assertThat(mk.relativeChange()).isCloseTo(0.188198, within(1e-6));
  }

  @Test
  void eightValuesDriftingUpAreATrend() {
    // kendalltau exact p = 0.005506; Sen's slope 0.432143, x7 / median 12.15 = 0.254202
    MannKendall mk = MannKendall.of(List.of(10.0, 11.0, 10.5, 12.0, 11.8, 12.5, 13.0, 12.9));

    assertThat(mk.p()).isCloseTo(0.005506, within(1e-6));
    assertThat(mk.relativeChange()).isCloseTo(0.254202, within(1e-6));
  }

  @Test
  void fallingValuesHaveANegativeSlope() {
    // kendalltau exact p = 0.233333; Sen's slope -0.875
    MannKendall mk = MannKendall.of(List.of(5.0, 3.0, 4.0, 1.0, 2.0));

    assertThat(mk.s()).isEqualTo(-6);
    assertThat(mk.p()).isCloseTo(0.233333, within(1e-6));
    assertThat(mk.senSlope()).isCloseTo(-0.875, within(1e-9));
  }

  @Test
  void threeValuesNeverMakeATrend() {
    MannKendall mk = MannKendall.of(List.of(1.0, 2.0, 3.0));

    assertThat(mk.p()).isCloseTo(1.0 / 3, within(1e-9));
    assertThat(mk.trend(0.05)).isFalse();
  }

  @Test
  void tiesUseTheCorrectedNormalApproximation() {
    // S = 13; var = (7*6*19 - 2 * (2*1*9)) / 18 = 42.3333; z = 12 / sqrt(var) = 1.844336;
    // p = 2 * norm.sf(z) = 0.065134 (scipy.stats.norm)
    MannKendall mk = MannKendall.of(List.of(3.0, 1.0, 2.0, 2.0, 5.0, 5.0, 6.0));

    assertThat(mk.s()).isEqualTo(13);
    assertThat(mk.p()).isCloseTo(0.065134, within(1e-6));
  }

  @Test
  void aFlatSeriesHasNoTrend() {
    MannKendall mk = MannKendall.of(List.of(7.0, 7.0, 7.0, 7.0));

    assertThat(mk.s()).isZero();
    assertThat(mk.p()).isEqualTo(1.0);
    assertThat(mk.relativeChange()).isZero();
  }

  @Test
  void missingValuesAreLeftOut() {
    MannKendall mk = MannKendall.of(java.util.Arrays.asList(1.0, null, 2.0, Double.NaN, 3.0));

    assertThat(mk.n()).isEqualTo(3);
  }

  @Test
  void theExactTailMatchesACountOfAllOrders() {
    // n = 4: S ranges over -6..6; |S| >= 4 happens for 1 + 3 + 3 + 1 = 8 of 24 orders
    assertThat(MannKendall.exact(4, 4)).isCloseTo(8.0 / 24, within(1e-12));
    assertThat(MannKendall.exact(4, 0)).isEqualTo(1.0);
  }
}
