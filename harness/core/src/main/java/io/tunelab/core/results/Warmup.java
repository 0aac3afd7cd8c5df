package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The warm-up before a measured run: recorded so a reader sees it ran, and excluded from every
 * metric and statistic. A batch-order warm-up counts orders, a concurrent-soap one requests; the
 * other pair is null.
 *
 * @param orders batch-order: orders sent
 * @param settled batch-order: orders completed or faulted before the measured batch started
 * @param millis wall time of the warm-up (send and drain, or the whole warm-up run)
 * @param requests concurrent-soap: requests made
 * @param answered concurrent-soap: requests answered without error
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Warmup(
    Integer orders, Integer settled, long millis, Integer requests, Integer answered) {
  /** A batch-order warm-up. */
  public Warmup(int orders, int settled, long millis) {
    this(orders, settled, millis, null, null);
  }

  /** A concurrent-soap warm-up. */
  public static Warmup ofRequests(int requests, int answered, long millis) {
    return new Warmup(null, null, millis, requests, answered);
  }
}
