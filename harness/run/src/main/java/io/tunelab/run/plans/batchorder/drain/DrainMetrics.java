package io.tunelab.run.plans.batchorder.drain;

import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * How fast a batch drained: completed orders per minute from the first send to the last completion,
 * and each completed order's end-to-end latency (its first completion's time minus its send time)
 * in milliseconds.
 *
 * <p>"Send time" is the time the accounting was given per order: the actual send, or in rate mode
 * the intended send time, so that latency includes a late send's lateness (coordinated omission)
 * and the drain counts from the first order's due time. Unpaced runs have no intended times: both
 * give the actual sends.
 */
public final class DrainMetrics {
  private final int completedOrders;
  private final long firstSendMillis;
  private final long lastCompletionMillis;
  private final Histogram latencyMillis;
  private final List<Long> completionMillis;
  private final List<String> completedIds;

  /**
   * @param completionMillis each completed order's first completion, epoch milliseconds
   * @param completedIds the completed orders' ids, in the order of {@code completionMillis}
   */
  public DrainMetrics(
      int completedOrders,
      long firstSendMillis,
      long lastCompletionMillis,
      Histogram latency,
      List<Long> completionMillis,
      List<String> completedIds) {
    if (completedIds.size() != completionMillis.size()) {
      throw new IllegalArgumentException(
          completedIds.size() + " ids for " + completionMillis.size() + " completions");
    }
    this.completedOrders = completedOrders;
    this.firstSendMillis = firstSendMillis;
    this.lastCompletionMillis = lastCompletionMillis;
    this.latencyMillis = latency.copy();
    this.completionMillis = List.copyOf(completionMillis);
    this.completedIds = List.copyOf(completedIds);
  }

  /** Each completed order's first completion, epoch milliseconds, in the batch's order. */
  public List<Long> completionMillis() {
    return completionMillis;
  }

  /** The completed orders' ids, in the order of {@link #completionMillis()}. */
  public List<String> completedIds() {
    return completedIds;
  }

  public int completedOrders() {
    return completedOrders;
  }

  /**
   * Epoch milliseconds of the first send (in rate mode from {@code latencyOrigins}: the first
   * intended send); 0 when nothing was sent.
   */
  public long firstSendMillis() {
    return firstSendMillis;
  }

  /** Epoch milliseconds of the last completion; 0 when nothing completed. */
  public long lastCompletionMillis() {
    return lastCompletionMillis;
  }

  /** From the first send to the last completion; 0 when nothing completed. */
  public long drainMillis() {
    return completedOrders == 0 ? 0 : Math.max(0, lastCompletionMillis - firstSendMillis);
  }

  /** Completed orders per minute over {@link #drainMillis()}; 0 when nothing completed. */
  public double ordersPerMinute() {
    long millis = drainMillis();
    return millis == 0 ? 0 : completedOrders * 60_000.0 / millis;
  }

  /** End-to-end latency at {@code percentile} (0..100), milliseconds; 0 without completions. */
  public long latencyMillisAt(double percentile) {
    return latencyMillis.getValueAtPercentile(percentile);
  }

  /** Mean end-to-end latency, milliseconds; 0 without completions. */
  public double meanMillis() {
    return completedOrders == 0 ? 0 : latencyMillis.getMean();
  }

  public long p50Millis() {
    return latencyMillisAt(50);
  }

  public long p90Millis() {
    return latencyMillisAt(90);
  }

  public long p99Millis() {
    return latencyMillisAt(99);
  }

  public long maxMillis() {
    return latencyMillis.getMaxValue();
  }

  /**
   * A copy of the latency histogram (milliseconds, 3 significant digits), time-stamped with the
   * measured window: the first send to the last completion (epoch milliseconds).
   */
  public Histogram latencyHistogram() {
    Histogram copy = latencyMillis.copy();
    copy.setStartTimeStamp(firstSendMillis);
    copy.setEndTimeStamp(lastCompletionMillis);
    return copy;
  }

  @Override
  public String toString() {
    return String.format(
        "%d orders in %d ms (%.1f orders/min); latency ms p50 %d, p90 %d, p99 %d, max %d",
        completedOrders,
        drainMillis(),
        ordersPerMinute(),
        p50Millis(),
        p90Millis(),
        p99Millis(),
        maxMillis());
  }
}
