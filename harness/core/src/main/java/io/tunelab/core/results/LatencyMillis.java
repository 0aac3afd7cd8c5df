package io.tunelab.core.results;

/**
 * End-to-end latency percentiles of the completed orders, milliseconds (from HdrHistogram).
 *
 * @param p50 median
 * @param p90 90th percentile
 * @param p99 99th percentile
 * @param max slowest
 */
public record LatencyMillis(double p50, double p90, double p99, double max) {}
