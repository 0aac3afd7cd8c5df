package io.tunelab.run.plans.messaging;

import io.tunelab.core.findings.Finding;
import io.tunelab.core.findings.FindingDoc;
import io.tunelab.core.findings.FindingKind;
import io.tunelab.core.findings.FindingRule;
import io.tunelab.core.findings.Point;
import io.tunelab.core.findings.QueueSeries;
import io.tunelab.core.findings.RunData;
import io.tunelab.core.findings.Trend;
import java.util.ArrayList;
import java.util.List;

/**
 * A messaging queue that stays empty: over the measured window its depth (which counts the messages
 * its consumers hold, in process or prefetched) never rose above {@value #SLACK} messages per
 * dequeue thread and averaged at most one per thread, with at least {@value #MIN_SAMPLES} samples.
 * The dequeue threads wait for work: more of them would only wait too; the clients are the limit.
 * Only the messaging plan's queues ({@code tunelab.messages.N}) are judged, and only when they
 * carried messages in the window: the order flow's queues are empty between stages by design, and
 * the messaging server's queues sit idle under the other plans.
 */
final class QueueEmptyRule implements FindingRule {
  static final int MIN_SAMPLES = 5;
  static final double SLACK = 2;

  @Override
  public List<Finding> apply(RunData data) {
    List<Finding> found = new ArrayList<>();
    for (QueueSeries queue : data.queues()) {
      List<Point> depth = queue.messageCount();
      if (!MessagingQueues.isOne(queue.queue())
          || queue.consumers() == 0
          || queue.idle()
          || depth.size() < MIN_SAMPLES) {
        continue;
      }
      double max = Trend.max(depth);
      double mean = depth.stream().mapToDouble(Point::value).average().orElse(0);
      if (max <= SLACK * queue.consumers() && mean <= queue.consumers()) {
        found.add(
            new Finding(
                FindingKind.QUEUE_EMPTY,
                queue.queue(),
                String.format(
                    "%s held at most %.0f messages (mean %.1f) for its %d dequeue thread%s: they"
                        + " wait for messages, so the clients are the limit; more dequeue"
                        + " threads would wait too: add client threads (workload.threads) or"
                        + " raise the rate",
                    queue.queue(), max, mean, queue.consumers(), queue.consumers() == 1 ? "" : "s"),
                List.of(
                    String.format(
                        "series broker.messageCount %s: max %.0f, mean %.2f, %d samples",
                        queue.queue(), max, mean, depth.size()),
                    "consumers: " + queue.consumers())));
      }
    }
    return found;
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(QueueSeries.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.QUEUE_EMPTY,
            "messaging: one of its queues (`tunelab.messages.N`) that carried messages "
                + "held at most 2 messages per dequeue thread and 1 per thread on average, "
                + "over 5 samples or more",
            "the dequeue threads wait for messages, so the clients are the limit: add "
                + "client threads (workload.threads) or raise the rate; more dequeue threads "
                + "would wait too"));
  }
}
