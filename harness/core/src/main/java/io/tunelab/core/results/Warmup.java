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
 * @param purged orders a warm-up removed from the intake queue unprocessed; null (warm-up batches
 *     drain whole; the field stays for run.json files that have it)
 * @param steadyState how the warm-up ended and what its rule saw (batch-order batches,
 *     concurrent-soap rounds); null when it ran without the rule
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Warmup(
    Integer orders,
    Integer settled,
    long millis,
    Integer requests,
    Integer answered,
    Integer purged,
    SteadyStateReport steadyState) {
  /** A batch-order warm-up without the steady-state rule. */
  public Warmup(int orders, int settled, long millis) {
    this(orders, settled, millis, null, null, null, null);
  }

  /** A batch-order warm-up until steady: the orders its batches sent and settled, the rule. */
  public static Warmup untilSteady(
      int orders, int settled, long millis, SteadyStateReport steadyState) {
    return new Warmup(orders, settled, millis, null, null, null, steadyState);
  }

  /** A concurrent-soap warm-up. */
  public static Warmup ofRequests(int requests, int answered, long millis) {
    return new Warmup(null, null, millis, requests, answered, null, null);
  }

  /** A concurrent-soap warm-up in rounds until steady: the requests of its rounds, the rule. */
  public static Warmup ofRequestsUntilSteady(
      int requests, int answered, long millis, SteadyStateReport steadyState) {
    return new Warmup(null, null, millis, requests, answered, null, steadyState);
  }

  /** Whether a steady-state rule judged this warm-up and found no steady state. */
  public boolean unsteady() {
    return steadyState != null && !steadyState.reached();
  }
}
