package io.tunelab.run.plans.batchorder;

import io.tunelab.run.CrashAt;
import io.tunelab.run.Progress;
import io.tunelab.run.plans.batchorder.drain.CompletionSource;
import io.tunelab.run.plans.batchorder.drain.DrainAccounting;
import io.tunelab.tiers.mocks.MockEvents;
import java.util.List;

/**
 * Passes completions through and reports the drain's progress and its rate since the first send.
 */
final class LiveCompletions implements CompletionSource {
  private final CompletionSource source;
  private final Progress progress;
  private final Progress.Position position;
  private final int orders;
  private final long firstSendMillis;

  /** Read by a crash's watcher too ({@link CrashAt}). */
  private volatile int completed;

  LiveCompletions(
      CompletionSource source,
      Progress progress,
      Progress.Position position,
      int orders,
      long firstSendMillis) {
    this.firstSendMillis = firstSendMillis;
    this.source = source;
    this.progress = progress;
    this.position = position;
    this.orders = orders;
  }

  @Override
  public List<MockEvents.Event> poll() {
    List<MockEvents.Event> events = source.poll();
    completed +=
        (int)
            events.stream()
                .filter(e -> DrainAccounting.COMPLETING_OPERATION.equals(e.operation()))
                .filter(e -> !e.fault())
                .count();
    double minutes = (System.currentTimeMillis() - firstSendMillis) / 60_000.0;
    progress.live(position, completed, orders, minutes > 0 ? completed / minutes : 0);
    return events;
  }

  /** Orders completed so far. */
  int completed() {
    return completed;
  }
}
