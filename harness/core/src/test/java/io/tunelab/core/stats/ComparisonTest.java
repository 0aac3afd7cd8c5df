package io.tunelab.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tunelab.core.stats.Comparison.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class ComparisonTest {
  private static final double[] STEADY_1000 = {1000, 1010, 990};
  private static final double[] STEADY_1050 = {1050, 1040, 1060};

  @Test
  void higherThroughputBeyondTheNoiseIsBetter() {
    // Welch: t = 6.123724, df = 4, p = 0.003602 (scipy)
    Comparison c = Comparison.of(STEADY_1000, STEADY_1050, Direction.HIGHER_IS_BETTER);

    assertThat(c.verdict()).isEqualTo(Verdict.BETTER);
    assertThat(c.ratio()).isCloseTo(1.05, within(1e-12));
    assertThat(c.p()).isCloseTo(0.003602, within(1e-6));
    assertThat(c.pAdjusted()).isEqualTo(c.p());
    assertThat(c.df()).isCloseTo(4.0, within(1e-9));
    assertThat(c.ratioCi95().contains(1.05)).isTrue();
    assertThat(c.ratioCi95().contains(1.0)).isFalse();
    assertThat(c.mde()).as("MDE only with no significant difference").isNull();
    assertThat(c.sdA()).isCloseTo(10, within(1e-9));
  }

  @Test
  void theSameChangeIsWorseWhenLowerIsBetter() {
    Comparison c = Comparison.of(STEADY_1000, STEADY_1050, Direction.LOWER_IS_BETTER);

    assertThat(c.verdict()).isEqualTo(Verdict.WORSE);
  }

  @Test
  void lowerLatencyIsBetter() {
    Comparison c =
        Comparison.of(
            new double[] {200, 210, 190}, new double[] {150, 160, 140}, Direction.LOWER_IS_BETTER);

    assertThat(c.verdict()).isEqualTo(Verdict.BETTER);
    assertThat(c.significant()).isTrue();
  }

  @Test
  void withinTheNoiseIsNoSignificantDifferenceWithItsMinimumDetectableEffect() {
    // Welch p = 0.573392 (scipy), df = 4, SE = sqrt(100/3 + 100/3) = 8.164966;
    // MDE = (t(0.975, 4) + t(0.80, 4)) x SE / 110 = (2.776445 + 0.940965) x 8.164966 / 110
    //     = 0.275932: a change under ~28% goes unseen with 3 repetitions this noisy
    Comparison c =
        Comparison.of(
            new double[] {100, 110, 120}, new double[] {105, 115, 125}, Direction.HIGHER_IS_BETTER);

    assertThat(c.verdict()).isEqualTo(Verdict.NO_SIGNIFICANT_DIFFERENCE);
    assertThat(c.significant()).isFalse();
    assertThat(c.p()).isCloseTo(0.573392, within(1e-6));
    assertThat(c.mde()).isCloseTo(0.275932, within(1e-6));
    assertThat(c.ratioCi95().contains(1.0)).isTrue();
  }

  @Test
  void oneRepetitionIsTooFewToTell() {
    Comparison c =
        Comparison.of(new double[] {100}, new double[] {50, 51}, Direction.HIGHER_IS_BETTER);

    assertThat(c.verdict()).isEqualTo(Verdict.TOO_FEW_REPETITIONS);
    assertThat(c.ratio()).isCloseTo(0.505, within(1e-12));
    assertThat(c.p()).isNull();
    assertThat(c.ratioCi95()).isNull();
    assertThat(c.sdA()).isNull();
    assertThat(c.mde()).isNull();
  }

  @Test
  void noErrorsOnEitherSideIsNoDifferenceWithoutARatio() {
    Comparison c =
        Comparison.of(new double[] {0, 0, 0}, new double[] {0, 0, 0}, Direction.LOWER_IS_BETTER);

    assertThat(c.verdict()).isEqualTo(Verdict.NO_SIGNIFICANT_DIFFERENCE);
    assertThat(c.p()).isEqualTo(1.0);
    assertThat(c.ratio()).isNull();
    assertThat(c.ratioCi95().bounded()).isFalse();
    assertThat(c.mde()).as("no MDE as a fraction of a zero mean").isNull();
  }

  @Test
  void holmAdjustsOverTheTestedComparisonsOnly() {
    Comparison strong = Comparison.of(STEADY_1000, STEADY_1050, Direction.HIGHER_IS_BETTER);
    // p = 0.035099 (scipy): significant alone
    Comparison weak =
        Comparison.of(new double[] {1, 2, 3}, new double[] {5, 5, 5}, Direction.HIGHER_IS_BETTER);
    Comparison noise =
        Comparison.of(
            new double[] {100, 110, 120}, new double[] {105, 115, 125}, Direction.HIGHER_IS_BETTER);
    Comparison untested =
        Comparison.of(new double[] {1}, new double[] {2, 3}, Direction.HIGHER_IS_BETTER);
    assertThat(weak.verdict()).isEqualTo(Verdict.BETTER);

    List<Comparison> family = Comparison.holm(List.of(strong, untested, weak, noise));

    // m = 3: 3 x 0.003602 = 0.010807; 2 x 0.035099 = 0.070197; max(0.070197, 0.573392)
    assertThat(family.get(0).pAdjusted()).isCloseTo(0.010807, within(1e-6));
    assertThat(family.get(0).verdict()).isEqualTo(Verdict.BETTER);
    assertThat(family.get(1)).isEqualTo(untested);
    assertThat(family.get(2).pAdjusted()).isCloseTo(0.070197, within(1e-6));
    assertThat(family.get(2).verdict()).isEqualTo(Verdict.NO_SIGNIFICANT_DIFFERENCE);
    assertThat(family.get(2).mde()).isNotNull();
    assertThat(family.get(2).p()).isEqualTo(weak.p());
    assertThat(family.get(3).pAdjusted()).isCloseTo(0.573392, within(1e-6));
  }
}
