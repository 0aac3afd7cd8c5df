package io.tunelab.core.results;

/**
 * Latency percentiles, milliseconds (from HdrHistogram): end to end of the completed orders
 * (batch-order), or the requests' response times (concurrent-soap).
 *
 * @param p50 median
 * @param p90 90th percentile
 * @param p99 99th percentile
 * @param max slowest
 */
public record LatencyMillis(double p50, double p90, double p99, double max) {}
