package io.tunelab.core.results;

/**
 * Response-time statistics of one operation, or of every request, of a concurrent-soap run,
 * computed from its JTL (see results/README.md for the algorithm). Times in milliseconds.
 *
 * @param requests samples in the JTL
 * @param errors failed samples (HTTP error, SOAP Fault, failed assertion, timeout)
 * @param requestsPerMinute requests per minute over the run's window (first start to last end)
 */
public record OperationStats(
    long requests,
    long errors,
    double requestsPerMinute,
    long minMillis,
    double meanMillis,
    long maxMillis,
    long p50Millis,
    long p90Millis,
    long p95Millis,
    long p99Millis) {}
