package io.tunelab.core.findings;

import io.tunelab.core.knobs.Knob;
import io.tunelab.core.knobs.KnobRegistry;
import io.tunelab.core.knobs.MiddlewareKnobs;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A queue whose backlog grows ({@link QueueRise}, with a minimum rise of {@value
 * QueueRise#MIN_RISE_MESSAGES} messages): orders arrive faster than the stage consuming it takes
 * them, so either that stage needs more consumers or what it calls (its back-end, the database) is
 * the limit. The biggest rise comes first. A plan's own queues ({@link FindingSource#ownsQueue})
 * are its room's to judge.
 */
final class BacklogRule implements FindingRule {
  @Override
  public List<Finding> apply(RunData data) {
    List<Backlog> backlogs = new ArrayList<>();
    for (int i = 0; i < data.queues().size(); i++) {
      QueueSeries queue = data.queues().get(i);
      if (Findings.ownedByARoom(queue.queue())) {
        continue;
      }
      String next = i + 1 < data.queues().size() ? downstream(data.queues().get(i + 1)) : null;
      QueueRise.of(queue, QueueRise.MIN_RISE_MESSAGES)
          .ifPresent(rise -> backlogs.add(new Backlog(rise, next)));
    }
    backlogs.sort(Comparator.comparingDouble((Backlog c) -> c.rise.rise().rise()).reversed());
    boolean engineLimit = !new EngineRule().apply(data).isEmpty();
    return backlogs.stream().map(c -> finding(c, engineLimit)).toList();
  }

  private static Finding finding(Backlog c, boolean engineLimit) {
    QueueSeries queue = c.rise.queue();
    String message =
        c.rise.grew("consumer")
            + String.format(
                ": stage %s takes orders slower than they arrive; %s",
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
    return new Finding(
        FindingKind.QUEUE_BACKLOG, queue.queue(), message, c.rise.evidence(), candidates);
  }

  /**
   * The queue after a backlog's, when it is the flow's next stage (one with a consumers knob): the
   * dead-letter and expiry queues listed after the flow wait on nothing.
   */
  private static String downstream(QueueSeries after) {
    return consumersOf(after.stage()).isPresent() ? after.queue() : null;
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

  private record Backlog(QueueRise rise, String next) {}

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
