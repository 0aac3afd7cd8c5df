package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.stats.BatchMeans;
import io.tunelab.core.stats.Comparison;
import io.tunelab.core.stats.WindowBatches;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The throughput comparison with the windows read batch by batch ({@link
 * io.tunelab.core.stats.AlignedWindows}), on simulated steps of three paired rounds: 8 batches of 8
 * orders sharing a pattern of durations (a mix's clumps, the same orders in every repetition), a
 * host whose speed moves each round by up to 10% for both steps, 5% noise per batch and a noise per
 * repetition the batches cannot see (0, 2% or 4%: the JIT, the stack's state).
 */
class AlignedComparisonTest {
  private static final double[] PATTERN = {60, 240, 120, 90, 200, 60, 150, 80};

  @Test
  void theSameConfigurationAgainstItselfIsSignificantInAtMostOneRunInTwenty() {
    for (double repetitionNoise : new double[] {0, 0.02, 0.04}) {
      Random random = new Random(17);
      int runs = 1000;
      int significant = 0;
      for (int i = 0; i < runs; i++) {
        if (compare(random, 1.0, repetitionNoise).p() < 0.05) {
          significant++;
        }
      }
      assertThat(significant)
          .as("false positives with %.0f%% noise per repetition", 100 * repetitionNoise)
          .isLessThanOrEqualTo(runs * 6 / 100);
    }
  }

  @Test
  void aTenPercentGainIsFoundInThreeRoundsWhereTheWindowsOwnBatchMeansMissIt() {
    Random random = new Random(23);
    int runs = 300;
    int aligned = 0;
    int own = 0;
    for (int i = 0; i < runs; i++) {
      List<List<Double>> a = new ArrayList<>();
      List<List<Double>> b = new ArrayList<>();
      for (int round = 1; round <= 3; round++) {
        double host = 1 + 0.1 * random.nextDouble();
        a.add(durations(random, host, 0.005));
        b.add(durations(random, host / 1.10, 0.005));
      }
      Comparison byBatch = compare(a, b, true);
      Comparison byWindow = compare(a, b, false);
      aligned += byBatch.p() < 0.05 && byBatch.ratio() > 1 ? 1 : 0;
      own += byWindow.p() < 0.05 && byWindow.ratio() > 1 ? 1 : 0;
    }
    // measured: 231 of 300 against 0: the windows' own batch means take the pattern for noise
    assertThat(aligned).isGreaterThan(runs * 7 / 10).isGreaterThan(own + runs / 2);
  }

  private static Comparison compare(Random random, double gain, double repetitionNoise) {
    List<List<Double>> a = new ArrayList<>();
    List<List<Double>> b = new ArrayList<>();
    for (int round = 1; round <= 3; round++) {
      double host = 1 + 0.1 * random.nextDouble();
      a.add(durations(random, host, repetitionNoise));
      b.add(durations(random, host / gain, repetitionNoise));
    }
    return compare(a, b, true);
  }

  private static Comparison compare(List<List<Double>> a, List<List<Double>> b, boolean aligned) {
    return ComparedMetric.THROUGHPUT
        .compare(step("a", a, aligned), step("b", b, aligned), true)
        .orElseThrow();
  }

  private static List<Double> durations(Random random, double slowdown, double repetitionNoise) {
    double level = slowdown * Math.exp(repetitionNoise * random.nextGaussian());
    List<Double> millis = new ArrayList<>();
    for (double p : PATTERN) {
      millis.add(p * level * Math.exp(0.05 * random.nextGaussian()));
    }
    return millis;
  }

  /**
   * A repetition of 64 orders in 8 batches of 8, with its window's batches (aligned) or only its
   * own batch means, computed as {@link BatchMeans} does for batches of equal counts.
   */
  private static Repetition repetition(int round, List<Double> millis, boolean aligned) {
    WindowBatches window = new WindowBatches(64, millis);
    double rate = 64 / window.totalMillis();
    double meanMillis = window.totalMillis() / 8;
    double residuals = 0;
    for (double t : millis) {
      residuals += (8 - rate * t) * (8 - rate * t);
    }
    double se = Math.sqrt(residuals / 7 / 8) / meanMillis * 60_000;
    RepetitionProtocol protocol =
        aligned
            ? RepetitionProtocol.NONE.withRound(round).withWindowBatches(window)
            : RepetitionProtocol.NONE
                .withRound(round)
                .withBatchMeans(new BatchMeans(window.perMinute(), 8, meanMillis / 1000, se, 0));
    return Repetition.measured(
            round,
            true,
            "all orders accounted for",
            Metrics.of(window.perMinute(), new LatencyMillis(10, 20, 30, 40), 0),
            BatchOrderMeasures.of(new OrderAccounting(80, 80, 0, 0, 0)),
            null,
            2000,
            "s/rep-" + round)
        .withProtocol(protocol);
  }

  private static StepResult step(String name, List<List<Double>> windows, boolean aligned) {
    List<Repetition> reps = new ArrayList<>();
    for (int i = 0; i < windows.size(); i++) {
      reps.add(repetition(i + 1, windows.get(i), aligned));
    }
    return StepResult.of(name, Map.of(), Map.of(), List.of(), Map.of(), reps);
  }
}
