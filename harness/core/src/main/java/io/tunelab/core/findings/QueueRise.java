package io.tunelab.core.findings;

import java.util.List;
import java.util.Optional;

/**
 * A queue's backlog: over the measured window either its depth rose by at least the backlog's
 * minimum over at least {@value #MIN_RISE_SECONDS} s at {@value #MIN_RATE_PER_SECOND} msg/s or more
 * with at least {@value #MIN_RISING_SHARE} of the samples in that stretch not falling (a batch
 * landing at once and draining is not a backlog), or the least-squares slope of its depth over the
 * whole window is at least {@value #MIN_RATE_PER_SECOND} msg/s and it ends with at least that
 * minimum. The house's backlog rule and a plan room's judge their queues by it, each with its own
 * minimum.
 *
 * @param queue the queue
 * @param rise its largest sustained rise
 * @param slope the slope of its depth over the window, msg/s
 */
public record QueueRise(QueueSeries queue, Trend.Rise rise, double slope) {
  /** The rise that makes a backlog of a queue whose consumers hold nothing in hand. */
  public static final double MIN_RISE_MESSAGES = 10;

  static final double MIN_RISE_SECONDS = 5;
  static final double MIN_RATE_PER_SECOND = 0.5;
  static final double MIN_RISING_SHARE = 0.6;

  /** The queue's backlog, when its depth rose by {@code minRise} messages or more as above. */
  public static Optional<QueueRise> of(QueueSeries queue, double minRise) {
    List<Point> depth = queue.messageCount();
    Trend.Rise rise = Trend.largestRise(depth, MIN_RISE_SECONDS, MIN_RISING_SHARE);
    double slope = Trend.slopePerSecond(depth);
    boolean rising = rise.rise() >= minRise && rise.perSecond() >= MIN_RATE_PER_SECOND;
    boolean trending = slope >= MIN_RATE_PER_SECOND && Trend.last(depth) >= minRise;
    return rising || trending ? Optional.of(new QueueRise(queue, rise, slope)) : Optional.empty();
  }

  /**
   * A backlog finding's opening: "{@code tunelab.x grew from 0 to 58 messages in 29 s (+2.0 msg/s)
   * with 1 consumer}", its consumers named as {@code consumer} (singular) says.
   */
  public String grew(String consumer) {
    return String.format(
        "%s grew from %.0f to %.0f messages in %.0f s (%+.1f msg/s) with %d %s%s",
        queue.queue(),
        rise.from(),
        rise.to(),
        rise.seconds(),
        rise.perSecond(),
        queue.consumers(),
        consumer,
        queue.consumers() == 1 ? "" : "s");
  }

  /** The series, its slope, its largest rise and its consumers: a backlog finding's evidence. */
  public List<String> evidence() {
    return List.of(
        String.format(
            "series broker.messageCount %s: max %.0f, last %.0f, %d samples",
            queue.queue(),
            Trend.max(queue.messageCount()),
            Trend.last(queue.messageCount()),
            queue.messageCount().size()),
        String.format("slope over the measured window: %+.2f msg/s", slope),
        String.format(
            "largest sustained rise: %.0f messages over %.0f s", rise.rise(), rise.seconds()),
        "consumers: " + queue.consumers());
  }
}
