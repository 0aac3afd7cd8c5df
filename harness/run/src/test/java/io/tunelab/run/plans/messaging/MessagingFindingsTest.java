package io.tunelab.run.plans.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.findings.Finding;
import io.tunelab.core.findings.FindingKind;
import io.tunelab.core.findings.Findings;
import io.tunelab.core.findings.Point;
import io.tunelab.core.findings.QueueSeries;
import io.tunelab.core.findings.RunData;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.DoubleStream;
import org.junit.jupiter.api.Test;

/**
 * The messaging room's findings through {@link Findings}, as a run raises them: its queues are
 * judged by the room's rules with what the dequeue threads hold in hand, and never by the house's
 * backlog rule.
 */
class MessagingFindingsTest {
  private static RunData queues(QueueSeries... queues) {
    return RunData.empty(30_000).withAll(QueueSeries.class, List.of(queues));
  }

  private static QueueSeries messages(int n, int consumers, List<Point> depth) {
    return new QueueSeries("tunelab.messages." + n, "messages." + n, consumers, depth);
  }

  /** One point a second with these values. */
  private static List<Point> series(double... values) {
    List<Point> points = new ArrayList<>();
    for (int i = 0; i < values.length; i++) {
      points.add(new Point(1_800_000_000_000L + 1000L * i, values[i]));
    }
    return points;
  }

  private static List<Point> line(int seconds, double start, double perSecond) {
    return series(DoubleStream.iterate(start, v -> v + perSecond).limit(seconds).toArray());
  }

  @Test
  void aMessagingQueueHoldingNoMoreThanItsThreadsHaveInHandSaysTheClientsAreTheLimit() {
    List<Finding> findings =
        Findings.of(queues(messages(1, 4, series(1, 3, 4, 2, 5, 3, 2, 4, 3, 1))));

    assertThat(findings).extracting(Finding::kind).containsExactly(FindingKind.QUEUE_EMPTY);
    assertThat(findings.get(0).message())
        .startsWith(
            "tunelab.messages.1 held at most 5 messages (mean 2.8) for its 4 dequeue threads")
        .contains("the clients are the limit");
  }

  @Test
  void aGrowingMessagingQueueIsOneBacklogThatAsksForDequeueThreadsThenQueues() {
    List<Finding> findings = Findings.of(queues(messages(2, 1, line(30, 0, 3))));

    assertThat(findings).extracting(Finding::kind).containsExactly(FindingKind.QUEUE_BACKLOG);
    assertThat(findings.get(0).message())
        .startsWith("tunelab.messages.2 grew from 0 to 87 messages in 29 s (+3.0 msg/s)")
        .contains("with 1 dequeue thread:")
        .contains("middleware.messaging.dequeueThreads")
        .doesNotContain("middleware.consumers");
    assertThat(findings.get(0).candidates())
        .extracting(candidate -> candidate.knob())
        .containsExactly("middleware.messaging.dequeueThreads", "middleware.messaging.queues");
    assertThat(findings.get(0).evidence()).contains("consumers: 1");
  }

  @Test
  void aMessagingQueueNeedsFiveMessagesPerDequeueThreadToBeABacklog() {
    // 21 messages over 5 s with 8 threads: what they prefetched, not a backlog (nor empty)
    List<Point> depth = series(0, 4, 9, 13, 17, 21);

    assertThat(Findings.of(queues(messages(1, 8, depth)))).isEmpty();
    assertThat(Findings.of(queues(messages(1, 1, depth))))
        .extracting(Finding::kind)
        .containsExactly(FindingKind.QUEUE_BACKLOG);
  }

  @Test
  void theOrderFlowsQueuesAreNeverJudgedEmptyNorAreQueuesWithoutConsumersOrSamples() {
    assertThat(
            Findings.of(
                queues(
                    new QueueSeries("tunelab.intake", "intake", 2, line(30, 0, 0)),
                    messages(1, 0, line(30, 0, 0)),
                    messages(2, 4, line(3, 0, 0)))))
        .isEmpty();
  }

  @Test
  void theOrderFlowsQueuesAreStillTheHousesToJudge() {
    List<Finding> findings =
        Findings.of(queues(new QueueSeries("tunelab.intake", "intake", 2, line(30, 0, 3))));

    assertThat(findings).extracting(Finding::kind).containsExactly(FindingKind.QUEUE_BACKLOG);
    assertThat(findings.get(0).message()).contains("stage intake takes orders slower");
  }

  @Test
  void anIdleMessagingQueueUnderAnotherPlanIsNotJudged() {
    // a batch-order run: the messaging server's queue has its consumer and never a message
    QueueSeries idle = new QueueSeries("tunelab.messages.1", "messages.1", 1, line(30, 0, 0), 0);
    QueueSeries used = new QueueSeries("tunelab.messages.1", "messages.1", 1, line(30, 0, 0), 600);

    assertThat(Findings.of(queues(idle))).isEmpty();
    assertThat(Findings.of(queues(used)))
        .extracting(Finding::kind)
        .containsExactly(FindingKind.QUEUE_EMPTY);
  }

  @Test
  void theRoomsRulesRunWithTheHousesInTheOrderOfTheirKinds() {
    assertThat(Findings.RULES)
        .filteredOn(rule -> rule.getClass().getPackageName().equals(getClass().getPackageName()))
        .extracting(rule -> rule.getClass().getSimpleName())
        .containsExactly("MessagingBacklogRule", "QueueEmptyRule");
    assertThat(Findings.RULES.stream().map(rule -> rule.getClass().getSimpleName()).toList())
        .containsSubsequence("BacklogRule", "MessagingBacklogRule", "CpuSaturationRule")
        .containsSubsequence("FetcherRule", "QueueEmptyRule", "HarnessHeavyRule");
  }
}
