package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A step's latency percentiles: of every sample of its repetitions, not medians of theirs. */
class StepLatencyTest {
  private static final double[] PERCENTILES = {50, 90, 99, 99.9};

  /** Three repetitions' latencies (ms, all under 2,048: recorded exactly), one with a slow tail. */
  private static long[][] samples() {
    Random random = new Random(42);
    long[][] reps = new long[3][];
    for (int r = 0; r < 3; r++) {
      reps[r] = new long[1000 + 500 * r];
      for (int i = 0; i < reps[r].length; i++) {
        long base = 80 + random.nextInt(60);
        // only the second repetition has a tail: 5% of its latencies near 1,500 ms
        reps[r][i] = r == 1 && random.nextInt(100) < 5 ? 1400 + random.nextInt(200) : base;
      }
    }
    return reps;
  }

  private static Repetition repetition(int number, long[] latencies) {
    Histogram histogram = new Histogram(3);
    Arrays.stream(latencies).forEach(histogram::recordValue);
    LatencyMillis own = LatencyMillis.of(histogram, histogram.getMaxValue());
    return Repetition.measured(
            number,
            true,
            "ok",
            Metrics.of(100, own, 0),
            BatchOrderMeasures.of(null),
            null,
            1000,
            "s/rep-" + number)
        .withLatencyHistogram(histogram);
  }

  /** The value at 1-based rank ceil(p/100 x n) of the sorted samples. */
  private static long nearestRank(long[] sorted, double percentile) {
    int rank = (int) Math.ceil(percentile / 100 * sorted.length);
    return sorted[Math.max(1, rank) - 1];
  }

  private static StepResult step(List<Repetition> repetitions) {
    return StepResult.of("s", Map.of(), Map.of(), List.of(), Map.of(), repetitions);
  }

  @Test
  void percentilesAreThoseOfEverySampleOfTheStep() {
    long[][] reps = samples();
    List<Repetition> repetitions = new ArrayList<>();
    for (int r = 0; r < reps.length; r++) {
      repetitions.add(repetition(r + 1, reps[r]));
    }
    long[] all = Arrays.stream(reps).flatMapToLong(Arrays::stream).sorted().toArray();

    Metrics metrics = step(repetitions).metrics();

    LatencyMillis latency = metrics.latencyMillis();
    double[] got = {latency.p50(), latency.p90(), latency.p99(), latency.p999()};
    for (int i = 0; i < PERCENTILES.length; i++) {
      assertThat(got[i]).as("p" + PERCENTILES[i]).isEqualTo(nearestRank(all, PERCENTILES[i]));
    }
    assertThat(latency.max()).isEqualTo(all[all.length - 1]);
    assertThat(metrics.latencySamples()).isEqualTo(all.length);
    assertThat(metrics.latencyMethod()).isEqualTo(Metrics.MERGED_HISTOGRAMS);
  }

  @Test
  void aTailInOneRepetitionIsNotVotedAwayByTheOthers() {
    long[][] reps = samples();
    List<Repetition> repetitions = new ArrayList<>();
    for (int r = 0; r < reps.length; r++) {
      repetitions.add(repetition(r + 1, reps[r]));
    }
    double medianOfP99s = StepResult.summary(repetitions, m -> m.latencyMillis().p99()).median();

    double merged = step(repetitions).metrics().latencyMillis().p99();

    // 5% of 1,500 samples is about 1.7% of all 4,500: the merged p99 is in the tail, while
    // two repetitions of three have none, so the median p99 is no tail at all
    assertThat(medianOfP99s).isLessThan(140);
    assertThat(merged).isGreaterThan(1000);
  }

  @Test
  void aRepetitionWithoutHistogramFallsBackToMediansAndSaysSo() {
    long[][] reps = samples();
    Repetition old =
        Repetition.measured(
            9,
            true,
            "ok",
            Metrics.of(100, new LatencyMillis(1, 2, 3, 4), 0),
            BatchOrderMeasures.of(null),
            null,
            1,
            "x");
    List<Repetition> repetitions = List.of(repetition(1, reps[0]), repetition(2, reps[1]), old);

    Metrics metrics = step(repetitions).metrics();

    assertThat(metrics.latencyMethod()).isEqualTo(Metrics.MEDIAN_OF_REPETITIONS);
    assertThat(metrics.latencySamples()).isNull();
    assertThat(metrics.latencyMillis().p999()).as("one repetition has no p99.9").isNull();
    assertThat(metrics.latencyMillis().p50())
        .isEqualTo(StepResult.summary(repetitions, m -> m.latencyMillis().p50()).median());
  }
}
