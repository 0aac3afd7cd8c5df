package io.tunelab.core.results;

/**
 * The warm-up batch before a measured batch: recorded so a reader sees it ran, and excluded from
 * every metric and statistic.
 *
 * @param orders orders sent
 * @param settled orders completed or faulted before the measured batch started
 * @param millis wall time of the warm-up, send and drain
 */
public record Warmup(int orders, int settled, long millis) {}
