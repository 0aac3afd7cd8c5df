package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
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
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RequestMetrics(
    String model,
    long planned,
    long requests,
    long errors,
    double errorPercent,
    OperationStats overall,
    Map<String, OperationStats> byOperation,
    Double targetArrivalsPerMinute,
    Double achievedArrivalsPerMinute) {
  public RequestMetrics {
    byOperation = Collections.unmodifiableMap(new LinkedHashMap<>(byOperation));
  }
}
