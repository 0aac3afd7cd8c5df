package io.tunelab.run.plans.messaging;

import java.util.List;
import java.util.stream.IntStream;

/**
 * The messaging plan's queues, {@code tunelab.messages.1..N}, as the harness names them: the
 * middleware (which knows nothing of the harness) and {@code messaging.jmx} name them too, and
 * MessagingQueuesTest holds the three together.
 */
final class MessagingQueues {
  /** What every messaging queue's name starts with; the queues are numbered from 1. */
  static final String PREFIX = "tunelab.messages.";

  private MessagingQueues() {}

  /** Queue {@code n}, 1-based. */
  static String name(int n) {
    return PREFIX + n;
  }

  /** Queues 1 to {@code queues}. */
  static List<String> names(int queues) {
    return IntStream.rangeClosed(1, queues).mapToObj(MessagingQueues::name).toList();
  }

  /** Whether {@code queue} is one of the messaging plan's. */
  static boolean isOne(String queue) {
    return queue.startsWith(PREFIX);
  }
}
