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
 */
public record QueueSeries(String queue, String stage, int consumers, List<Point> messageCount) {
  public QueueSeries {
    Objects.requireNonNull(queue, "queue");
    Objects.requireNonNull(stage, "stage");
    messageCount = List.copyOf(messageCount);
  }
}
