package io.tunelab.run.plans.batchorder.drain;

import io.tunelab.tiers.mocks.MockEvents;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Waits until every order of a batch is completed or faulted, or until no order settled for a while
 * or the middleware died (then the run is incomplete, and the orders still open are lost).
 */
public final class DrainWatcher {
  private static final long FAULT_POLL_NANOS = 1_000_000_000L;

  private final CompletionSource completions;
  private final FaultSource faults;
  private final Duration pollInterval;
  private final Duration noProgressTimeout;
  private final Supplier<Optional<String>> gone;

  /**
   * @param pollInterval time between two looks at the mock and the database
   * @param noProgressTimeout how long the wait goes on without one more order settling
   */
  public DrainWatcher(
      CompletionSource completions,
      FaultSource faults,
      Duration pollInterval,
      Duration noProgressTimeout) {
    this(completions, faults, pollInterval, noProgressTimeout, Optional::empty);
  }

  /**
   * @param gone why the orders cannot settle any more (the middleware died), checked at every poll:
   *     the wait then ends at once instead of at the timeout
   */
  public DrainWatcher(
      CompletionSource completions,
      FaultSource faults,
      Duration pollInterval,
      Duration noProgressTimeout,
      Supplier<Optional<String>> gone) {
    if (pollInterval.isNegative() || pollInterval.isZero() || noProgressTimeout.isNegative()) {
      throw new IllegalArgumentException("poll interval must be > 0 and timeout >= 0");
    }
    this.completions = completions;
    this.faults = faults;
    this.pollInterval = pollInterval;
    this.noProgressTimeout = noProgressTimeout;
    this.gone = gone;
  }

  /**
   * Polls until the batch has drained or stalled.
   *
   * @param sentAtMillis the submitted orders and the times their latency counts from: their send
   *     times ({@link DrainAccounting#submitted}) or, coordinated-omission-correct in rate mode,
   *     their intended send times ({@link DrainAccounting#latencyOrigins})
   * @param failedSends the orders whose sends failed ({@link DrainAccounting#failedSends})
   */
  public DrainResult await(Map<String, Long> sentAtMillis, Set<String> failedSends)
      throws InterruptedException {
    long start = System.nanoTime();
    long lastProgress = start;
    long faultsReadAt = Long.MIN_VALUE;
    Map<String, String> faulted = Map.of();
    int settled = -1;
    List<MockEvents.Event> events = new ArrayList<>();
    while (true) {
      // read before the poll: what settled before the tier went is still counted
      Optional<String> ended = gone.get();
      List<MockEvents.Event> polled = completions.poll();
      events.addAll(polled);
      long now = System.nanoTime();
      // faults cost a query: once a second while completions flow, every poll when they pause
      if (polled.isEmpty() || now - faultsReadAt >= FAULT_POLL_NANOS || ended.isPresent()) {
        faulted = faults.faulted();
        faultsReadAt = now;
      }
      Accounting accounting = DrainAccounting.account(sentAtMillis, failedSends, events, faulted);
      int nowSettled = accounting.completed() + accounting.faulted();
      if (nowSettled > settled) {
        settled = nowSettled;
        lastProgress = now;
      }
      if (settled >= accounting.submitted()) {
        return new DrainResult(true, accounting, Duration.ofNanos(now - start));
      }
      if (ended.isPresent()) {
        return new DrainResult(false, accounting, Duration.ofNanos(now - start), ended);
      }
      if (now - lastProgress >= noProgressTimeout.toNanos()) {
        return new DrainResult(false, accounting, Duration.ofNanos(now - start));
      }
      Thread.sleep(pollInterval.toMillis());
    }
  }
}
