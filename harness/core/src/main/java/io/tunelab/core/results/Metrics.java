package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What one repetition measured, or for a step what its repetitions measured together.
 *
 * @param throughputPerMinute batch-order: completed orders per minute, first send to last
 *     completion; concurrent-soap: requests per minute, first request start to last answer. For a
 *     step, the median of the repetitions'.
 * @param latencyMillis batch-order: end-to-end latency percentiles of the completed orders;
 *     concurrent-soap: response-time percentiles of every request (JMeter's elapsed). For a step,
 *     as {@code latencyMethod} says.
 * @param errors batch-order: faulted orders plus orders the load tier failed to send;
 *     concurrent-soap: failed requests (SOAP Faults, failed assertions, timeouts). For a step, the
 *     median of the repetitions'.
 * @param cv for a step: coefficient of variation of the repetitions' throughput (0.05 = 5%); null
 *     for one repetition or when fewer than two repetitions ran
 * @param throughputCi95 for a step: 95% confidence interval of the mean throughput (Student t);
 *     null as for cv
 * @param latencyMethod for a step: {@value #MERGED_HISTOGRAMS} (the percentiles of every sample of
 *     every repetition, their histograms merged; max = the slowest of all) or {@value
 *     #MEDIAN_OF_REPETITIONS} (the median of each repetition's value: some repetition has no
 *     histogram, as in run.json before schemaVersion 2, where this field is absent); null for a
 *     repetition
 * @param latencySamples how many latencies the percentiles are of (a repetition's, or the merged
 *     histogram's); null when unknown (no histogram)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Metrics(
    double throughputPerMinute,
    LatencyMillis latencyMillis,
    double errors,
    Double cv,
    Interval throughputCi95,
    String latencyMethod,
    Long latencySamples) {
  /** A step's percentiles are those of every sample, the repetitions' histograms merged. */
  public static final String MERGED_HISTOGRAMS = "mergedHistograms";

  /** A step's percentiles are the medians of the repetitions' (some has no histogram). */
  public static final String MEDIAN_OF_REPETITIONS = "medianOfRepetitions";

  /** A repetition's metrics (no spread). */
  public static Metrics of(double throughputPerMinute, LatencyMillis latency, double errors) {
    return new Metrics(throughputPerMinute, latency, errors, null, null, null, null);
  }

  /** These metrics with p99.9 and the sample count of a repetition's histogram. */
  Metrics withHistogramFigures(double p999, long samples) {
    return new Metrics(
        throughputPerMinute,
        latencyMillis.withP999(p999),
        errors,
        cv,
        throughputCi95,
        latencyMethod,
        samples);
  }
}
