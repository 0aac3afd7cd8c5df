package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.HdrHistogram.Histogram;

/**
 * Latency percentiles, milliseconds (from HdrHistogram, nearest rank): end to end of the completed
 * orders (batch-order), or the requests' response times (concurrent-soap). For a repetition, of its
 * own samples; for a step, of every sample of its repetitions together (their histograms merged),
 * or in run.json files before schemaVersion 2 the medians of the repetitions' values (see {@link
 * Metrics#latencyMethod()}).
 *
 * @param p50 median
 * @param p90 90th percentile
 * @param p99 99th percentile
 * @param p999 99.9th percentile; null in run.json files before schemaVersion 2. Needs 1,000 samples
 *     or more to be anything but the slowest few.
 * @param max slowest
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LatencyMillis(double p50, double p90, double p99, Double p999, double max) {

  /** Percentiles without p99.9: what the load tiers compute before the histogram joins them. */
  public LatencyMillis(double p50, double p90, double p99, double max) {
    this(p50, p90, p99, null, max);
  }

  /** The percentiles of {@code histogram} (milliseconds), with {@code max} as given. */
  public static LatencyMillis of(Histogram histogram, double max) {
    return new LatencyMillis(
        histogram.getValueAtPercentile(50),
        histogram.getValueAtPercentile(90),
        histogram.getValueAtPercentile(99),
        (double) histogram.getValueAtPercentile(99.9),
        max);
  }

  /** These percentiles with p99.9 set. */
  public LatencyMillis withP999(double value) {
    return new LatencyMillis(p50, p90, p99, value, max);
  }
}
