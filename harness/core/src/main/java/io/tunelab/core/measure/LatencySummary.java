package io.tunelab.core.measure;

import org.HdrHistogram.Histogram;

/**
 * Response-time statistics of a set of JMeter samples (one operation's, or every request's, as
 * run.json keeps them for the concurrent-soap and sort-requests plans) (all of them, failed ones
 * included, as JMeter's own reports count them), in milliseconds.
 *
 * <p>The algorithm, one for every operation and for the whole run: each sample's {@code elapsed}
 * (JMeter's response time: from just before the request is sent to the last byte of the answer) is
 * recorded in an HdrHistogram with 3 significant digits, exact for every value up to 2,047 ms and
 * within 0.1% above. Percentile p is the nearest rank: the smallest recorded value such that at
 * least p% of the samples are at or below it (with n samples sorted ascending, the one at 1-based
 * rank ceil(p/100 x n)). Min, max and mean are exact (mean = sum / count). Throughput is requests
 * per minute over the run's window: from the earliest sample start to the latest sample end of the
 * whole run (the same window for every operation, so the operations' rates add up to the total).
 *
 * @param requests samples
 * @param errors failed samples (HTTP error, SOAP Fault, failed assertion, timeout)
 * @param requestsPerMinute count per minute over the run's window
 */
public record LatencySummary(
    long requests,
    long errors,
    double requestsPerMinute,
    long minMillis,
    double meanMillis,
    long maxMillis,
    long p50Millis,
    long p90Millis,
    long p95Millis,
    long p99Millis) {

  /** Highest response time the histograms track: one hour. */
  static final long HIGHEST_MILLIS = 3_600_000;

  /**
   * The summary of {@code histogram}, with the exact sum, min and max, over {@code windowMillis}.
   */
  static LatencySummary of(
      Histogram histogram,
      long errors,
      long sumMillis,
      long minMillis,
      long maxMillis,
      long windowMillis) {
    long count = histogram.getTotalCount();
    if (count == 0) {
      return new LatencySummary(0, errors, 0, 0, 0, 0, 0, 0, 0, 0);
    }
    return new LatencySummary(
        count,
        errors,
        windowMillis <= 0 ? 0 : count * 60_000.0 / windowMillis,
        minMillis,
        (double) sumMillis / count,
        maxMillis,
        histogram.getValueAtPercentile(50),
        histogram.getValueAtPercentile(90),
        histogram.getValueAtPercentile(95),
        histogram.getValueAtPercentile(99));
  }

  /** Share of failed samples, 0..1. */
  public double errorRate() {
    return requests == 0 ? 0 : (double) errors / requests;
  }

  @Override
  public String toString() {
    return String.format(
        "%d requests (%d errors), %.1f requests/min; ms min %d, mean %.1f, max %d, p50 %d, p90 %d,"
            + " p95 %d, p99 %d",
        requests,
        errors,
        requestsPerMinute,
        minMillis,
        meanMillis,
        maxMillis,
        p50Millis,
        p90Millis,
        p95Millis,
        p99Millis);
  }
}
