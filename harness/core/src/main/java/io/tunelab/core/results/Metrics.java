package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What one repetition measured, or for a step the median of its repetitions.
 *
 * @param throughputPerMinute batch-order: completed orders per minute, first send to last
 *     completion; concurrent-soap: requests per minute, first request start to last answer
 * @param latencyMillis batch-order: end-to-end latency percentiles of the completed orders;
 *     concurrent-soap: response-time percentiles of every request (JMeter's elapsed)
 * @param errors batch-order: faulted orders plus orders the load tier failed to send;
 *     concurrent-soap: failed requests (SOAP Faults, failed assertions, timeouts)
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
