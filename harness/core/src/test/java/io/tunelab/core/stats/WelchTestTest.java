package io.tunelab.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * Welch's test against published values: the first example of Wikipedia's "Welch's t-test" article
 * (t = -2.46, df = 25.0, p = 0.021, to its digits) and scipy 1.17's {@code stats.ttest_ind(b, a,
 * equal_var=False)} to 6 digits.
 */
class WelchTestTest {
  private static final double[] WIKIPEDIA_A1 = {
    27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4
  };
  private static final double[] WIKIPEDIA_A2 = {
    27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4
  };

  @Test
  void matchesThePublishedExampleAndScipy() {
    // A1 against A2 as the article has it: t = mean(A1) - mean(A2) over its standard error
    WelchTest welch = WelchTest.of(WIKIPEDIA_A2, WIKIPEDIA_A1);

    assertThat(welch.t()).isCloseTo(-2.46, within(0.005)).isCloseTo(-2.455356, within(1e-6));
    assertThat(welch.df()).isCloseTo(25.0, within(0.05)).isCloseTo(24.988529, within(1e-6));
    assertThat(welch.p()).isCloseTo(0.021, within(0.0005)).isCloseTo(0.021378, within(1e-6));
  }

  @Test
  void unequalSizesAndVariancesMatchScipy() {
    // Wikipedia's third example: n = 10 and 20, variances 1.4 and 17.1
    double[] a = {19.8, 20.4, 19.6, 17.8, 18.5, 18.9, 18.3, 18.9, 19.5, 22.0};
    double[] b = {
      28.2, 26.6, 20.1, 23.3, 25.2, 22.1, 17.7, 27.6, 20.6, 13.7, 23.2, 17.5, 20.6, 18.0, 23.9,
      21.6, 24.3, 20.4, 23.9, 13.3
    };

    WelchTest welch = WelchTest.of(b, a);

    assertThat(welch.t()).isCloseTo(-2.225512, within(1e-6));
    assertThat(welch.df()).isCloseTo(24.524635, within(1e-6));
    assertThat(welch.p()).isCloseTo(0.035485, within(1e-6));
  }

  @Test
  void threeRepetitionsEachGiveFourDegreesOfFreedomWhenTheVariancesAreEqual() {
    // means 1000 and 1050, s = 10 each: SE = sqrt(200/3) = 8.164966, t = 6.123724; scipy p
    WelchTest welch = WelchTest.of(new double[] {1000, 1010, 990}, new double[] {1050, 1040, 1060});

    assertThat(welch.t()).isCloseTo(6.123724, within(1e-6));
    assertThat(welch.df()).isCloseTo(4.0, within(1e-9));
    assertThat(welch.p()).isCloseTo(0.003602, within(1e-6));
  }

  @Test
  void oneConstantSampleIsAnOrdinaryCase() {
    // scipy: t = 5.196152, df = 2 (all of the variance is A's), p = 0.035099
    WelchTest welch = WelchTest.of(new double[] {1, 2, 3}, new double[] {5, 5, 5});

    assertThat(welch.t()).isCloseTo(5.196152, within(1e-6));
    assertThat(welch.df()).isCloseTo(2.0, within(1e-9));
    assertThat(welch.p()).isCloseTo(0.035099, within(1e-6));
  }

  @Test
  void equalConstantSamplesAreNoDifferenceAtAll() {
    WelchTest welch = WelchTest.of(new double[] {0, 0, 0}, new double[] {0, 0});

    assertThat(welch.p()).isEqualTo(1.0);
    assertThat(welch.t()).isZero();
    assertThat(welch.df()).isEqualTo(3.0);
  }

  @Test
  void differentConstantSamplesAreCertainlyDifferent() {
    WelchTest welch = WelchTest.of(new double[] {0, 0, 0}, new double[] {2, 2, 2});

    assertThat(welch.p()).isZero();
    assertThat(welch.t()).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(welch.df()).isEqualTo(4.0);
  }

  @Test
  void refusesASampleOfOne() {
    assertThatThrownBy(() -> WelchTest.of(new double[] {1}, new double[] {1, 2}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("two values or more per sample, had 1 and 2");
  }
}
