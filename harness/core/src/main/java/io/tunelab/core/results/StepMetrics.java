package io.tunelab.core.results;

import io.tunelab.core.stats.Summary;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;

/**
 * A step's {@link Metrics} from its repetitions: the median throughput with its CV and 95%
 * interval, the median errors, and the latency percentiles of every sample of every repetition
 * together.
 *
 * <p>Why merged and not the median of the repetitions' p99: a percentile of percentiles is no
 * percentile of anything (the median of three p99s throws away the two other tails), and a step's
 * latency is a statement about all of its requests. The repetitions' histograms are merged (exact:
 * they have the same buckets) and read by nearest rank. When a repetition has no histogram (a
 * run.json before schemaVersion 2), the step falls back to the medians of the repetitions' values
 * and says so in {@code latencyMethod}.
 */
final class StepMetrics {
  private StepMetrics() {}

  /** The metrics of at least one repetition; {@code throughput} is their throughput's summary. */
  static Metrics of(List<Repetition> repetitions, Summary throughput) {
    Optional<Histogram> merged = LatencyHistograms.merge(repetitions);
    LatencyMillis latency =
        merged
            .map(histogram -> LatencyMillis.of(histogram, slowest(repetitions)))
            .orElseGet(() -> medians(repetitions));
    return new Metrics(
        throughput.median(),
        latency,
        median(repetitions, Metrics::errors),
        throughput.hasInterval() ? throughput.cv() : null,
        throughput.hasInterval() ? new Interval(throughput.ciLow(), throughput.ciHigh()) : null,
        merged.isPresent() ? Metrics.MERGED_HISTOGRAMS : Metrics.MEDIAN_OF_REPETITIONS,
        merged.map(Histogram::getTotalCount).orElse(null));
  }

  /**
   * The slowest sample of all: the largest of the repetitions' max, which keeps a repetition's
   * exact max (concurrent-soap records it beside the histogram, whose max is within 0.1%).
   */
  private static double slowest(List<Repetition> repetitions) {
    return repetitions.stream().mapToDouble(r -> r.metrics().latencyMillis().max()).max().orElse(0);
  }

  private static LatencyMillis medians(List<Repetition> repetitions) {
    boolean everyP999 =
        repetitions.stream().allMatch(r -> r.metrics().latencyMillis().p999() != null);
    return new LatencyMillis(
        median(repetitions, m -> m.latencyMillis().p50()),
        median(repetitions, m -> m.latencyMillis().p90()),
        median(repetitions, m -> m.latencyMillis().p99()),
        everyP999 ? median(repetitions, m -> m.latencyMillis().p999()) : null,
        median(repetitions, m -> m.latencyMillis().max()));
  }

  private static double median(List<Repetition> repetitions, ToDoubleFunction<Metrics> metric) {
    return StepResult.summary(repetitions, metric).median();
  }
}
