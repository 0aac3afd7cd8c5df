package io.tunelab.run.plans.messaging;

import io.tunelab.core.findings.Candidate;
import io.tunelab.core.findings.Finding;
import io.tunelab.core.findings.FindingDoc;
import io.tunelab.core.findings.FindingKind;
import io.tunelab.core.findings.FindingRule;
import io.tunelab.core.findings.QueueRise;
import io.tunelab.core.findings.QueueSeries;
import io.tunelab.core.findings.RunData;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A messaging queue whose backlog grows ({@link QueueRise}): the clients enqueue faster than the
 * server dequeues. Its depth counts what each dequeue thread prefetched and holds in process, so
 * the rise that makes a backlog is at least {@value #MESSAGES_PER_DEQUEUE_THREAD} messages per
 * thread (a depth of 21 with 8 threads at 346 msg/s is their hands, not a queue), and never less
 * than the house's {@value QueueRise#MIN_RISE_MESSAGES}. The biggest rise comes first.
 */
final class MessagingBacklogRule implements FindingRule {
  static final double MESSAGES_PER_DEQUEUE_THREAD = 5;

  /** What the server's backlog calls for: its dequeue threads, then its queues. */
  private static final List<Candidate> CAPACITY =
      List.of(
          Candidate.raise(MessagingKnobs.DEQUEUE_THREADS), Candidate.raise(MessagingKnobs.QUEUES));

  @Override
  public List<Finding> apply(RunData data) {
    return data.queues().stream()
        .filter(queue -> MessagingQueues.isOne(queue.queue()))
        .map(queue -> QueueRise.of(queue, minRise(queue)))
        .flatMap(Optional::stream)
        .sorted(Comparator.comparingDouble((QueueRise c) -> c.rise().rise()).reversed())
        .map(MessagingBacklogRule::finding)
        .toList();
  }

  static double minRise(QueueSeries queue) {
    return Math.max(QueueRise.MIN_RISE_MESSAGES, MESSAGES_PER_DEQUEUE_THREAD * queue.consumers());
  }

  private static Finding finding(QueueRise backlog) {
    QueueSeries queue = backlog.queue();
    return new Finding(
        FindingKind.QUEUE_BACKLOG,
        queue.queue(),
        backlog.grew("dequeue thread")
            + ": the clients enqueue faster than the server dequeues; add dequeue threads"
            + " (middleware.messaging.dequeueThreads) or queues (middleware.messaging.queues)"
            + " until the depth stays flat, or what each message waits on (the driver, the"
            + " database) is the limit",
        backlog.evidence(),
        CAPACITY);
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(QueueSeries.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.QUEUE_BACKLOG,
            "messaging: one of its queues (`tunelab.messages.N`) rose as the house's backlog"
                + " does, by at least 5 messages per dequeue thread and never less than 10 (its"
                + " depth counts what the threads hold in hand)",
            "the clients enqueue faster than the server dequeues: more dequeue threads, then"
                + " more queues, or what each message waits on (the driver, the database) is the"
                + " limit"));
  }
}
