package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tunelab.core.measure.LatencySummary;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The request-level detail of a concurrent-soap repetition, beside its {@link Metrics}: counts,
 * error share, min/mean/p95 that Metrics has no room for, per operation, and for the open model the
 * arrival rate achieved against the target.
 *
 * @param model closed or open
 * @param planned requests the plan was to make (closed: threads x loops x 3; open: expected)
 * @param requests requests in the JTL
 * @param errors failed requests
 * @param errorPercent errors in % of requests (100 when no request ran)
 * @param overall every request
 * @param byOperation per operation (JMeter sample label), sorted by name
 * @param targetArrivalsPerMinute open model: the target; null for closed
 * @param achievedArrivalsPerMinute open model: achieved, from the first operation's start times;
 *     null for closed or fewer than two arrivals
 * @param latencyHistograms per operation, its latency histogram (milliseconds) encoded as {@link
 *     LatencyHistograms} encodes a repetition's: any percentile of an operation, and a step's
 *     operations merged; empty in older runs
 * @param failures per operation, its failed requests by their error (the JTL's response code and
 *     message), with how many had each; empty when none failed and in older runs
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RequestMetrics(
    String model,
    long planned,
    long requests,
    long errors,
    double errorPercent,
    LatencySummary overall,
    Map<String, LatencySummary> byOperation,
    Double targetArrivalsPerMinute,
    Double achievedArrivalsPerMinute,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> latencyHistograms,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Map<String, Long>> failures) {
  public RequestMetrics {
    byOperation = Collections.unmodifiableMap(new LinkedHashMap<>(byOperation));
    latencyHistograms =
        latencyHistograms == null
            ? Map.of()
            : Collections.unmodifiableMap(new LinkedHashMap<>(latencyHistograms));
    failures =
        failures == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(failures));
  }

  /** The counts and statistics, without histograms and failures. */
  public RequestMetrics(
      String model,
      long planned,
      long requests,
      long errors,
      double errorPercent,
      LatencySummary overall,
      Map<String, LatencySummary> byOperation,
      Double targetArrivalsPerMinute,
      Double achievedArrivalsPerMinute) {
    this(
        model,
        planned,
        requests,
        errors,
        errorPercent,
        overall,
        byOperation,
        targetArrivalsPerMinute,
        achievedArrivalsPerMinute,
        Map.of(),
        Map.of());
  }

  /** These metrics with each operation's latency histogram and failures. */
  public RequestMetrics withOperations(
      Map<String, String> histograms, Map<String, Map<String, Long>> failuresByOperation) {
    return new RequestMetrics(
        model,
        planned,
        requests,
        errors,
        errorPercent,
        overall,
        byOperation,
        targetArrivalsPerMinute,
        achievedArrivalsPerMinute,
        histograms,
        failuresByOperation);
  }
}
