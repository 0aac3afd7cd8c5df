package io.tunelab.core.stack;

import java.util.List;
import java.util.stream.IntStream;

/**
 * The messaging plan's queues, {@code tunelab.messages.1..N}, as the harness names them: the
 * middleware (which knows nothing of the harness) and {@code messaging.jmx} name them too, and
 * FlowQueueContractTest holds the three together.
 */
public final class MessagingQueues {
  /** What every messaging queue's name starts with; the queues are numbered from 1. */
  public static final String PREFIX = "tunelab.messages.";

  private MessagingQueues() {}

  /** Queue {@code n}, 1-based. */
  public static String name(int n) {
    return PREFIX + n;
  }

  /** Queues 1 to {@code queues}. */
  public static List<String> names(int queues) {
    return IntStream.rangeClosed(1, queues).mapToObj(MessagingQueues::name).toList();
  }

  /** Whether {@code queue} is one of the messaging plan's. */
  public static boolean isOne(String queue) {
    return queue.startsWith(PREFIX);
  }
}
