package io.tunelab.tiers.mocks;

import java.util.Map;

/**
 * Requests one mock answered since its last reset, as its served-request counter reports them.
 *
 * @param lastSequence the newest event sequence number the mock handed out (continues across
 *     resets)
 * @param total answered requests
 * @param faults of which answered with a SOAP Fault (HTTP 5xx)
 * @param operations per operation (the mapping name; {@code unmatched} for requests no mapping
 *     matched)
 */
public record MockCounts(
    long lastSequence, long total, long faults, Map<String, OperationCount> operations) {
  public MockCounts {
    operations = Map.copyOf(operations);
  }

  /** The tally of one operation, all zero when it was never called. */
  public OperationCount operation(String name) {
    return operations.getOrDefault(name, new OperationCount(0, 0, null, null));
  }

  /**
   * Answers of one operation.
   *
   * @param firstEpochMillis when the first answer was due to be sent, epoch milliseconds; null when
   *     none was
   * @param lastEpochMillis when the last answer was due to be sent
   */
  public record OperationCount(
      long count, long faults, Long firstEpochMillis, Long lastEpochMillis) {}
}
