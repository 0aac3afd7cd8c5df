package io.tunelab.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BatchMeansTest {
  @Test
  void evenlySpacedCompletionsHaveTheSteadyRateAndNoSpread() {
    List<Long> times = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      times.add(1_000_000L + 100L * i); // 10 a second
    }
    BatchMeans batches = BatchMeans.of(times).orElseThrow();

    assertThat(batches.perMinute()).isCloseTo(600, within(1e-9));
    assertThat(batches.perMinute())
        .isCloseTo(CompletionRates.steadyPerMinute(times).getAsDouble(), within(1e-9));
    assertThat(batches.batches()).isGreaterThanOrEqualTo(BatchMeans.MIN_BATCHES);
    assertThat(batches.standardErrorPerMinute()).isLessThan(1e-9 + 600 * 0.01);
  }

  @Test
  void aPoissonWindowHasTheCountingNoiseOfItsLength() {
    // 10 completions a second for about 100 s: the steady part's count has variance lambda T, so
    // the rate's standard error is sqrt(lambda / T) x 60 = sqrt(10 / 80) x 60 = 21 per minute
    Random random = new Random(42);
    List<Long> times = new ArrayList<>();
    double t = 0;
    for (int i = 0; i < 1000; i++) {
      t += -Math.log(1 - random.nextDouble()) / 10;
      times.add((long) (t * 1000));
    }
    BatchMeans batches = BatchMeans.of(times).orElseThrow();

    assertThat(batches.perMinute()).isCloseTo(600, within(60.0));
    assertThat(batches.standardErrorPerMinute()).isBetween(21 * 0.6, 21 * 1.4);
    assertThat(batches.df()).isEqualTo(batches.batches() - 1);
  }

  @Test
  void aRateThatClimbsThroughTheWindowGivesNoEstimate() {
    // the gap shrinks from 200 ms to 20 ms: batch rates rise steadily, lag-1 autocorrelation high
    List<Long> times = new ArrayList<>();
    double t = 0;
    for (int i = 0; i < 400; i++) {
      t += 200 - 180.0 * i / 400;
      times.add((long) t);
    }
    assertThat(BatchMeans.of(times)).isEmpty();
  }

  @Test
  void tooFewCompletionsGiveNoEstimate() {
    List<Long> times = new ArrayList<>();
    for (int i = 0; i < 15; i++) {
      times.add(1000L * i);
    }
    assertThat(BatchMeans.of(times)).isEmpty();
  }

  @Test
  void lagOneOfAnAlternatingSeriesIsNegative() {
    assertThat(BatchMeans.lag1(new double[] {1, -1, 1, -1, 1, -1})).isLessThan(-0.5);
    assertThat(BatchMeans.lag1(new double[] {3, 3, 3})).isZero();
  }
}
