package io.tunelab.core.findings;

import java.util.List;
import java.util.Objects;

/**
 * The depth of one queue over the measured window.
 *
 * @param queue the broker's queue name, e.g. {@code tunelab.create-subscriptions}
 * @param stage the stage consuming it, e.g. {@code create-subscriptions}
 * @param consumers consumers attached at the end of the window (most seen)
 * @param messageCount messages in the queue, one point per sample, oldest first
 * @param added messages added to the queue over the window; NaN when not recorded
 */
public record QueueSeries(
    String queue, String stage, int consumers, List<Point> messageCount, double added) {
  public QueueSeries {
    Objects.requireNonNull(queue, "queue");
    Objects.requireNonNull(stage, "stage");
    messageCount = List.copyOf(messageCount);
  }

  /** A queue whose added messages were not recorded. */
  public QueueSeries(String queue, String stage, int consumers, List<Point> messageCount) {
    this(queue, stage, consumers, messageCount, Double.NaN);
  }

  /** Whether the queue is known to have carried no message in the window. */
  public boolean idle() {
    return added == 0;
  }
}
