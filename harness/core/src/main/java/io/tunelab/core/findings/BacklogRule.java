package io.tunelab.core.findings;

import io.tunelab.core.knobs.Knob;
import io.tunelab.core.knobs.KnobRegistry;
import io.tunelab.core.knobs.MiddlewareKnobs;
import io.tunelab.core.stack.MessagingQueues;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A queue whose backlog grows: orders arrive faster than the stage consuming it takes them, so
 * either that stage needs more consumers or what it calls (its back-end, the database) is the
 * limit.
 *
 * <p>A queue qualifies when, over the measured window, either its depth rose by at least {@value
 * #MIN_RISE_MESSAGES} messages over at least {@value #MIN_RISE_SECONDS} s at {@value
 * #MIN_RATE_PER_SECOND} msg/s or more with at least {@value #MIN_RISING_SHARE} of the samples in
 * that stretch not falling (a batch landing at once and draining is not a backlog), or the
 * least-squares slope of its depth over the whole window is at least {@value #MIN_RATE_PER_SECOND}
 * msg/s and it ends with at least {@value #MIN_RISE_MESSAGES} messages. The biggest rise comes
 * first.
 */
final class BacklogRule implements FindingRule {
  static final double MIN_RISE_MESSAGES = 10;
  static final double MIN_RISE_SECONDS = 5;
  static final double MIN_RATE_PER_SECOND = 0.5;
  static final double MIN_RISING_SHARE = 0.6;
  static final double MESSAGES_PER_DEQUEUE_THREAD = 5;

  /**
   * What the messaging server's backlog calls for: its dequeue threads, then its queues. Knobs of
   * the messaging plan's room ({@code KnobSource}), found by name; where that room is not on the
   * class path the finding proposes nothing.
   */
  static final List<String> MESSAGING_CAPACITY =
      List.of("middleware.messaging.dequeueThreads", "middleware.messaging.queues");

  @Override
  public List<Finding> apply(RunData data) {
    List<Backlog> backlogs = new ArrayList<>();
    for (int i = 0; i < data.queues().size(); i++) {
      QueueSeries queue = data.queues().get(i);
      List<Point> depth = queue.messageCount();
      Trend.Rise rise = Trend.largestRise(depth, MIN_RISE_SECONDS, MIN_RISING_SHARE);
      double slope = Trend.slopePerSecond(depth);
      double minRise = minRise(queue);
      boolean rising = rise.rise() >= minRise && rise.perSecond() >= MIN_RATE_PER_SECOND;
      boolean trending = slope >= MIN_RATE_PER_SECOND && Trend.last(depth) >= minRise;
      if (rising || trending) {
        String next = i + 1 < data.queues().size() ? data.queues().get(i + 1).queue() : null;
        backlogs.add(new Backlog(queue, rise, slope, next));
      }
    }
    backlogs.sort(Comparator.comparingDouble((Backlog c) -> c.rise.rise()).reversed());
    boolean engineLimit = !new EngineRule().apply(data).isEmpty();
    return backlogs.stream().map(c -> finding(c, engineLimit)).toList();
  }

  /**
   * The rise that makes a backlog: {@value #MIN_RISE_MESSAGES} messages; on a messaging queue at
   * least {@value #MESSAGES_PER_DEQUEUE_THREAD} per dequeue thread, since its depth counts what
   * each consumer prefetched and holds in process (a depth of 21 with 8 threads at 346 msg/s is
   * their hands, not a queue).
   */
  static double minRise(QueueSeries queue) {
    return MessagingQueues.isOne(queue.queue())
        ? Math.max(MIN_RISE_MESSAGES, MESSAGES_PER_DEQUEUE_THREAD * queue.consumers())
        : MIN_RISE_MESSAGES;
  }

  private static Finding finding(Backlog c, boolean engineLimit) {
    QueueSeries queue = c.queue;
    if (MessagingQueues.isOne(queue.queue())) {
      return new Finding(
          FindingKind.QUEUE_BACKLOG,
          queue.queue(),
          String.format(
              "%s grew from %.0f to %.0f messages in %.0f s (%+.1f msg/s) with %d dequeue"
                  + " thread%s: the clients enqueue faster than the server dequeues; add dequeue"
                  + " threads (middleware.messaging.dequeueThreads) or queues"
                  + " (middleware.messaging.queues) until the depth stays flat, or what each"
                  + " message waits on (the driver, the database) is the limit",
              queue.queue(),
              c.rise.from(),
              c.rise.to(),
              c.rise.seconds(),
              c.rise.perSecond(),
              queue.consumers(),
              queue.consumers() == 1 ? "" : "s"),
          evidence(c),
          MESSAGING_CAPACITY.stream()
              .map(KnobRegistry.standard()::find)
              .flatMap(Optional::stream)
              .map(Candidate::raise)
              .toList());
    }
    String message =
        String.format(
            "%s grew from %.0f to %.0f messages in %.0f s (%+.1f msg/s) with %d consumer%s:"
                + " stage %s takes orders slower than they arrive; %s",
            queue.queue(),
            c.rise.from(),
            c.rise.to(),
            c.rise.seconds(),
            c.rise.perSecond(),
            queue.consumers(),
            queue.consumers() == 1 ? "" : "s",
            queue.stage(),
            engineLimit
                // the consumers hand over to the engine and block while its queue is full
                ? "its consumers wait to hand orders to the engine, whose threads are the limit"
                    + " (ENGINE_SATURATED): more consumers would wait too; raise"
                    + " middleware.engine.threads"
                : "give it more consumers (middleware.consumers.*), or what it calls is the limit"
                    + (c.next == null ? "" : " (" + c.next + " downstream waits on it)"));
    List<Candidate> candidates =
        engineLimit
            ? List.of(Candidate.raise(MiddlewareKnobs.ENGINE_THREADS))
            : consumersOf(queue.stage()).stream().map(Candidate::raise).toList();
    return new Finding(FindingKind.QUEUE_BACKLOG, queue.queue(), message, evidence(c), candidates);
  }

  /**
   * The knob of a stage's consumers: stage {@code create-subscriptions}, knob {@code
   * middleware.consumers.createSubscriptions}.
   */
  static Optional<Knob<?>> consumersOf(String stage) {
    StringBuilder camel = new StringBuilder();
    for (String word : stage.split("-")) {
      camel.append(
          camel.isEmpty() || word.isEmpty()
              ? word
              : Character.toUpperCase(word.charAt(0)) + word.substring(1));
    }
    return KnobRegistry.standard().find("middleware.consumers." + camel);
  }

  private static List<String> evidence(Backlog c) {
    QueueSeries queue = c.queue;
    return List.of(
        String.format(
            "series broker.messageCount %s: max %.0f, last %.0f, %d samples",
            queue.queue(),
            Trend.max(queue.messageCount()),
            Trend.last(queue.messageCount()),
            queue.messageCount().size()),
        String.format("slope over the measured window: %+.2f msg/s", c.slope),
        String.format(
            "largest sustained rise: %.0f messages over %.0f s", c.rise.rise(), c.rise.seconds()),
        "consumers: " + queue.consumers());
  }

  private record Backlog(QueueSeries queue, Trend.Rise rise, double slope, String next) {}

  @Override
  public List<Class<?>> reads() {
    return List.of(QueueSeries.class, EngineData.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.QUEUE_BACKLOG,
            "a queue's depth rose by at least 10 messages over at least 5 s at 0.5 "
                + "msg/s or more, with at least 60% of the samples in that stretch not "
                + "falling (a batch landing at once and draining is no backlog); or its "
                + "least-squares slope over the window is at least 0.5 msg/s and it ends with "
                + "10 or more",
            "the queue, its stage, its consumers, the next queue: more consumers there, "
                + "or what the stage calls is the limit; when ENGINE_SATURATED fires too, the "
                + "engine threads instead (the consumers wait to hand over)"));
  }
}
