package io.tunelab.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AlignedWindowsTest {
  private static WindowBatches window(double... millis) {
    List<Double> m = new ArrayList<>();
    for (double v : millis) {
      m.add(v);
    }
    return new WindowBatches(8 * millis.length, m);
  }

  @Test
  void theResidualVarianceIsTheTwoWayFitsOnTheLogDurations() {
    // numpy: y = log(t); e = y - row means - column means + grand mean; (e**2).sum() / (2 * 3)
    AlignedWindows aligned =
        AlignedWindows.of(
                List.of(window(10, 20, 40, 10), window(11, 19, 44, 12), window(9, 22, 38, 11)))
            .orElseThrow();

    assertThat(aligned.residualVariance()).isCloseTo(0.007217880256905537, within(1e-12));
    assertThat(aligned.df()).isEqualTo(6);
    assertThat(aligned.batches()).isEqualTo(4);
    assertThat(aligned.lag1()).isCloseTo(-0.5079931186474927, within(1e-12));
    // s^2 x sum of the first window's squared shares of its time
    assertThat(aligned.relativeVariance(window(10, 20, 40, 10)))
        .isCloseTo(0.0024811463383112783, within(1e-12));
  }

  @Test
  void aPatternEveryRepetitionSharesAndASlowerHostAreNoNoise() {
    // the batches of each window differ fourfold (a mix's clumps), and the third repetition ran
    // 10% slower throughout: a window's own batch means call that noise, the aligned fit does not
    AlignedWindows aligned =
        AlignedWindows.of(
                List.of(
                    window(100, 400, 150, 300, 100, 400, 150, 300),
                    window(100, 400, 150, 300, 100, 400, 150, 300),
                    window(110, 440, 165, 330, 110, 440, 165, 330)))
            .orElseThrow();

    assertThat(aligned.residualVariance()).isCloseTo(0, within(1e-15));
  }

  /**
   * Simulated steps: three repetitions of 8 batches sharing a pattern of durations (60 to 240 ms)
   * and a host whose speed moves the whole repetition by up to 10%, each batch with 5% noise of its
   * own. Over 4,000 steps, the predicted relative variance of a window's time matches the variance
   * its noise gives it (computed from the noise alone).
   */
  @Test
  void itsPredictedVarianceOfAWindowsTimeIsTheVarianceItsNoiseGivesIt() {
    Random random = new Random(3);
    double[] pattern = {60, 240, 120, 90, 200, 60, 150, 80};
    double predicted = 0;
    double actual = 0;
    int steps = 4000;
    for (int s = 0; s < steps; s++) {
      List<WindowBatches> windows = new ArrayList<>();
      double[] noiseShare = new double[3];
      for (int i = 0; i < 3; i++) {
        double host = 1 + 0.1 * random.nextDouble();
        double[] t = new double[8];
        double clean = 0;
        double total = 0;
        for (int j = 0; j < 8; j++) {
          t[j] = pattern[j] * host * Math.exp(0.05 * random.nextGaussian());
          clean += pattern[j] * host;
          total += t[j];
        }
        noiseShare[i] = Math.log(total / clean);
        windows.add(window(t));
      }
      AlignedWindows aligned = AlignedWindows.of(windows).orElse(null);
      if (aligned == null) {
        continue;
      }
      predicted += aligned.relativeVariance(windows.get(0));
      actual += noiseShare[0] * noiseShare[0];
    }

    assertThat(predicted / actual).isBetween(0.85, 1.15);
  }

  @Test
  void windowsCutDifferentlyOrTooFewGiveNoEstimate() {
    assertThat(AlignedWindows.of(List.of(window(1, 2, 3, 4)))).isEmpty();
    assertThat(AlignedWindows.of(List.of(window(1, 2, 3, 4), window(1, 2, 3, 4, 5, 6, 7, 8))))
        .isEmpty();
    assertThat(AlignedWindows.of(List.of(window(1, 2, 3, 0), window(1, 2, 3, 4)))).isEmpty();
  }

  @Test
  void batchesThatStayCorrelatedAreMergedOrGiveNoEstimate() {
    // every repetition drifts its own way through the window: the residuals run in long waves
    List<WindowBatches> windows = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      double[] t = new double[32];
      for (int j = 0; j < 32; j++) {
        t[j] = 100 * Math.exp(0.3 * Math.sin((j + 8.0 * i) / 5));
      }
      windows.add(window(t));
    }
    assertThat(AlignedWindows.of(windows))
        .satisfiesAnyOf(
            a -> assertThat(a).isEmpty(),
            a -> assertThat(a.orElseThrow().batches()).isLessThan(32));
  }
}
