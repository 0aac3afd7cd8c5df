package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class QueueEmptyRuleTest {
  private static RunData queues(QueueSeries... queues) {
    return RunData.empty(30_000).withAll(QueueSeries.class, List.of(queues));
  }

  private static QueueSeries messages(int n, int consumers, List<Point> depth) {
    return new QueueSeries("tunelab.messages." + n, "messages." + n, consumers, depth);
  }

  @Test
  void aMessagingQueueHoldingNoMoreThanItsThreadsHaveInHandSaysTheClientsAreTheLimit() {
    List<Finding> findings =
        Findings.of(queues(messages(1, 4, Series.of(1, 3, 4, 2, 5, 3, 2, 4, 3, 1))));

    assertThat(findings).extracting(Finding::kind).containsExactly(FindingKind.QUEUE_EMPTY);
    assertThat(findings.get(0).message())
        .startsWith(
            "tunelab.messages.1 held at most 5 messages (mean 2.8) for its 4 dequeue threads")
        .contains("the clients are the limit");
  }

  @Test
  void aGrowingMessagingQueueIsABacklogThatAsksForDequeueThreads() {
    List<Finding> findings = Findings.of(queues(messages(2, 1, Series.line(30, 0, 3))));

    assertThat(findings).extracting(Finding::kind).containsExactly(FindingKind.QUEUE_BACKLOG);
    assertThat(findings.get(0).message())
        .contains("with 1 dequeue thread:")
        .contains("middleware.messaging.dequeueThreads");
  }

  @Test
  void aMessagingQueueNeedsFiveMessagesPerDequeueThreadToBeABacklog() {
    // 21 messages over 5 s with 8 threads: what they prefetched, not a backlog (nor empty)
    List<Point> depth = Series.of(0, 4, 9, 13, 17, 21);

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
                    new QueueSeries("tunelab.intake", "intake", 2, Series.flat(30, 0)),
                    messages(1, 0, Series.flat(30, 0)),
                    messages(2, 4, Series.flat(3, 0)))))
        .isEmpty();
  }

  @Test
  void anIdleMessagingQueueUnderAnotherPlanIsNotJudged() {
    // a batch-order run: the messaging server's queue has its consumer and never a message
    QueueSeries idle =
        new QueueSeries("tunelab.messages.1", "messages.1", 1, Series.flat(30, 0), 0);
    QueueSeries used =
        new QueueSeries("tunelab.messages.1", "messages.1", 1, Series.flat(30, 0), 600);

    assertThat(Findings.of(queues(idle))).isEmpty();
    assertThat(Findings.of(queues(used)))
        .extracting(Finding::kind)
        .containsExactly(FindingKind.QUEUE_EMPTY);
  }
}
