package io.tunelab.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tunelab.core.stats.Comparison.Design;
import io.tunelab.core.stats.Comparison.Verdict;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PairedComparisonTest {
  private static List<Estimate> plain(double... values) {
    List<Estimate> out = new ArrayList<>();
    for (double v : values) {
      out.add(Estimate.of(v));
    }
    return out;
  }

  @Test
  void aFiftyPercentGainInEveryRoundIsBetterOnTheRoundsLogRatios() {
    // d = ln(b / a) per round; scipy.stats.ttest_1samp(d, 0).pvalue = 2.188098e-6, SE 0.0040675,
    // exp(mean d) = 1.503457, exp(mean +- t(0.975, 3) SE) = [1.484121, 1.523045]
    Comparison c =
        Comparison.paired(
            plain(100, 104, 98, 101), plain(150, 158, 146, 152), Direction.HIGHER_IS_BETTER);

    assertThat(c.design()).isEqualTo(Design.PAIRED);
    assertThat(c.verdict()).isEqualTo(Verdict.BETTER);
    assertThat(c.p()).isCloseTo(2.188098e-6, within(1e-11));
    assertThat(c.ratio()).isCloseTo(1.503457, within(1e-6));
    assertThat(c.ratioCi95().low()).isCloseTo(1.484121, within(1e-6));
    assertThat(c.ratioCi95().high()).isCloseTo(1.523045, within(1e-6));
    assertThat(c.df()).isEqualTo(3);
    assertThat(c.standardError()).isCloseTo(0.0040675, within(1e-7));
    // expm1((t(0.975, 3) + t(0.8, 3)) x SE) = 0.017069
    assertThat(c.detectable()).isCloseTo(0.017069, within(1e-6));
    assertThat(c.mde()).as("only with no significant difference").isNull();
  }

  @Test
  void theSameConfigurationAgainstItselfIsNoDifferenceWithItsMde() {
    // scipy: p = 0.805831; MDE = expm1(4.1293 x SE) = 0.021463
    Comparison c =
        Comparison.paired(
            plain(100, 104, 98, 101), plain(101, 103, 99, 100.5), Direction.HIGHER_IS_BETTER);

    assertThat(c.verdict()).isEqualTo(Verdict.NO_SIGNIFICANT_DIFFERENCE);
    assertThat(c.p()).isCloseTo(0.805831, within(1e-6));
    assertThat(c.mde()).isCloseTo(0.021463, within(1e-6));
  }

  @Test
  void pairingCancelsADriftThatHidesTheEffectUnpaired() {
    // both sides drift up 10% a round; B is 3% above A in every round
    double[] a = {100, 110, 121, 133.1};
    double[] b = new double[4];
    for (int i = 0; i < 4; i++) {
      b[i] = a[i] * 1.03 * (i % 2 == 0 ? 1.001 : 0.999);
    }
    Comparison unpaired = Comparison.of(a, b, Direction.HIGHER_IS_BETTER);
    Comparison paired = Comparison.paired(plain(a), plain(b), Direction.HIGHER_IS_BETTER);

    assertThat(unpaired.verdict()).isEqualTo(Verdict.NO_SIGNIFICANT_DIFFERENCE);
    assertThat(paired.verdict()).isEqualTo(Verdict.BETTER);
    assertThat(paired.ratio()).isCloseTo(1.03, within(0.001));
  }

  @Test
  void lowerIsBetterReadsTheRatioTheOtherWay() {
    Comparison c =
        Comparison.paired(plain(200, 210, 190), plain(150, 158, 141), Direction.LOWER_IS_BETTER);

    assertThat(c.verdict()).isEqualTo(Verdict.BETTER);
  }

  @Test
  void zeroCountsAreComparedOnTheirDifferencesWithoutARatioInterval() {
    Comparison c =
        Comparison.paired(plain(0, 1, 0, 2), plain(5, 6, 4, 7), Direction.LOWER_IS_BETTER);

    assertThat(c.verdict()).isEqualTo(Verdict.WORSE);
    assertThat(c.ratioCi95()).isNull();
  }

  @Test
  void roundsMustPair() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> Comparison.paired(plain(1, 2), plain(1), Direction.HIGHER_IS_BETTER))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("per round");
  }

  @Test
  void oneRoundIsTooFew() {
    Comparison c = Comparison.paired(plain(100), plain(150), Direction.HIGHER_IS_BETTER);

    assertThat(c.verdict()).isEqualTo(Verdict.TOO_FEW_REPETITIONS);
  }

  @Test
  void unpairedSidesWithCloseRepetitionsPoolTheirWindows() {
    // each side pooled (see MultiLevelTest): variance of the mean 0.316092 with 29 df a side;
    // t = 4 / sqrt(0.632184) = 5.030814, df 58, p = 5.024735e-6 (scipy); plain Welch: 6.08e-4.
    // Fieller at 58 df: [1.023775, 1.056088]; MDE (t(.975,58) + t(.8,58)) SE / 100.5 = 0.022544
    List<Estimate> a = new ArrayList<>();
    List<Estimate> b = new ArrayList<>();
    for (double v : new double[] {100, 101, 100.5}) {
      a.add(new Estimate(v, 1.0, 9));
      b.add(new Estimate(v + 4, 1.0, 9));
    }
    Comparison c = Comparison.of(a, b, Direction.HIGHER_IS_BETTER);

    assertThat(c.pooled()).isTrue();
    assertThat(c.df()).isCloseTo(58, within(1e-9));
    assertThat(c.p()).isCloseTo(5.024735e-6, within(1e-11));
    assertThat(c.ratioCi95().low()).isCloseTo(1.023775, within(1e-6));
    assertThat(c.ratioCi95().high()).isCloseTo(1.056088, within(1e-6));
    assertThat(c.detectable()).isCloseTo(0.022544, within(1e-6));
  }
}
