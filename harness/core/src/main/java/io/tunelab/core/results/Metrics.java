package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What one repetition measured, or for a step the median of its repetitions.
 *
 * @param throughputPerMinute completed orders per minute, first send to last completion
 * @param latencyMillis end-to-end latency percentiles of the completed orders
 * @param errors faulted orders plus orders the load tier failed to send
 * @param cv for a step: coefficient of variation of the repetitions' throughput (0.05 = 5%); null
 *     for one repetition or when fewer than two repetitions ran
 * @param throughputCi95 for a step: 95% confidence interval of the mean throughput (Student t);
 *     null as for cv
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Metrics(
    double throughputPerMinute,
    LatencyMillis latencyMillis,
    double errors,
    Double cv,
    Interval throughputCi95) {
  /** A repetition's metrics (no spread). */
  public static Metrics of(double throughputPerMinute, LatencyMillis latency, double errors) {
    return new Metrics(throughputPerMinute, latency, errors, null, null);
  }
}
