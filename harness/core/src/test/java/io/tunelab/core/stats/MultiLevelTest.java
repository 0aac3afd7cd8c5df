package io.tunelab.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MultiLevelTest {
  private static List<Estimate> withWindows(double variance, int df, double... values) {
    List<Estimate> out = new ArrayList<>();
    for (double v : values) {
      out.add(new Estimate(v, variance, df));
    }
    return out;
  }

  @Test
  void repetitionsAsCloseAsTheirWindowsSayArePooledWithThem() {
    // s_b^2 = 0.25, w = 1, F = 0.25 ~ F(2, 27): p = 0.780584 (scipy.stats.f.sf) > 0.5: pooled,
    // (2 x 0.25 + 27 x 1) / 29 = 0.948276, over n = 3: 0.316092 with 29 df
    MultiLevel level = MultiLevel.of(withWindows(1.0, 9, 100, 101, 100.5));

    assertThat(level.pooled()).isTrue();
    assertThat(level.poolP()).isCloseTo(0.780584, within(1e-6));
    assertThat(level.varianceOfMean()).isCloseTo(0.316092, within(1e-6));
    assertThat(level.df()).isEqualTo(29);
  }

  @Test
  void repetitionsFurtherApartThanTheirWindowsSayKeepTheirOwnSpread() {
    // s_b^2 = 25, w = 1: F = 25, p = 7.17e-7: not pooled, 25 / 3 with 2 df
    MultiLevel level = MultiLevel.of(withWindows(1.0, 9, 100, 110, 105));

    assertThat(level.pooled()).isFalse();
    assertThat(level.poolP()).isCloseTo(7.174407e-7, within(1e-12));
    assertThat(level.varianceOfMean()).isCloseTo(25.0 / 3, within(1e-12));
    assertThat(level.df()).isEqualTo(2);
  }

  @Test
  void withoutWindowsOnlyTheRepetitionsCount() {
    MultiLevel level = MultiLevel.of(List.of(Estimate.of(100), Estimate.of(110)));

    assertThat(level.within()).isNull();
    assertThat(level.varianceOfMean()).isCloseTo(25, within(1e-12));
    assertThat(level.df()).isEqualTo(1);
  }

  @Test
  void oneRepetitionHasNoVariance() {
    MultiLevel level = MultiLevel.of(withWindows(1.0, 9, 100));

    assertThat(level.testable()).isFalse();
  }

  /**
   * The procedure's false-positive rate, simulated as in the class's design note: two steps with no
   * difference, n repetitions each of 10 batches, a repetition-level variance from 0 to 4 times the
   * window's; Welch's test on the two levels at 5%.
   */
  @Test
  void welchsTestOnTheTwoLevelsKeepsItsFalsePositiveRateAtFivePercent() {
    Random random = new Random(20261126);
    for (int n : new int[] {2, 3, 5}) {
      for (double repetitionVariance : new double[] {0, 1, 4}) {
        int trials = 3000;
        int positives = 0;
        for (int i = 0; i < trials; i++) {
          List<Estimate> a = simulated(random, n, repetitionVariance, 0);
          List<Estimate> b = simulated(random, n, repetitionVariance, 0);
          if (Comparison.of(a, b, Direction.HIGHER_IS_BETTER).p() < 0.05) {
            positives++;
          }
        }
        assertThat((double) positives / trials)
            .as("n = %d, repetition variance %s", n, repetitionVariance)
            .isLessThanOrEqualTo(0.06);
      }
    }
  }

  @Test
  void theWindowsLevelFindsWhatTwoRepetitionsAloneCannot() {
    Random random = new Random(7);
    int pooledHits = 0;
    int plainHits = 0;
    for (int i = 0; i < 2000; i++) {
      List<Estimate> a = simulated(random, 2, 0, 0);
      List<Estimate> b = simulated(random, 2, 0, 4);
      pooledHits += Comparison.of(a, b, Direction.HIGHER_IS_BETTER).p() < 0.05 ? 1 : 0;
      plainHits +=
          Comparison.of(values(a), values(b), Direction.HIGHER_IS_BETTER).p() < 0.05 ? 1 : 0;
    }
    assertThat(pooledHits).isGreaterThan(plainHits * 3 / 2);
  }

  /** n repetitions around 100 + shift: a repetition effect, then 10 batches of variance 10 each. */
  private static List<Estimate> simulated(
      Random random, int n, double repetitionVariance, double shift) {
    List<Estimate> out = new ArrayList<>();
    for (int r = 0; r < n; r++) {
      double level = 100 + shift + Math.sqrt(repetitionVariance) * random.nextGaussian();
      double[] batches = new double[10];
      for (int j = 0; j < 10; j++) {
        batches[j] = level + Math.sqrt(10) * random.nextGaussian();
      }
      Moments m = Moments.of(batches);
      out.add(new Estimate(m.mean(), m.variance() / 10, 9));
    }
    return out;
  }

  private static double[] values(List<Estimate> estimates) {
    return estimates.stream().mapToDouble(Estimate::value).toArray();
  }
}
