package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.MiddlewareKnobs;
import java.util.List;
import org.junit.jupiter.api.Test;

class BacklogRuleTest {
  private static RunData queues(QueueSeries... queues) {
    return RunData.empty(30_000).withAll(QueueSeries.class, List.of(queues));
  }

  private static QueueSeries queue(String stage, int consumers, List<Point> depth) {
    return new QueueSeries("tunelab." + stage, stage, consumers, depth);
  }

  @Test
  void aQueueGrowingSteadilyIsABacklogNamingItsStageAndTheNextQueue() {
    RunData data =
        queues(
            queue("orchestration", 4, Series.flat(30, 0)),
            queue("create-subscriptions", 1, Series.line(30, 0, 2)),
            queue("update-crm", 4, Series.flat(30, 1)));

    List<Finding> findings = Findings.of(data);

    assertThat(findings).hasSize(1);
    Finding finding = findings.get(0);
    assertThat(finding.kind()).isEqualTo(FindingKind.QUEUE_BACKLOG);
    assertThat(finding.subject()).isEqualTo("tunelab.create-subscriptions");
    assertThat(finding.message())
        .contains("from 0 to 58 messages in 29 s")
        .contains("1 consumer:")
        .contains("stage create-subscriptions")
        .contains("tunelab.update-crm downstream");
    assertThat(finding.evidence()).anyMatch(line -> line.contains("+2.00 msg/s"));
    assertThat(finding.candidates())
        .containsExactly(Candidate.raise(MiddlewareKnobs.CONSUMERS_CREATE_SUBSCRIPTIONS));
    CandidateTest.assertKnown(finding);
  }

  @Test
  void theLastStagesBacklogNamesNoQueueDownstreamOfIt() {
    // the observer lists the dead-letter and expiry queues after the flow's stages
    RunData data =
        queues(
            queue("update-crm", 1, Series.line(30, 0, 2)),
            new QueueSeries("tunelab.DLQ", "DLQ", 0, Series.flat(30, 0)),
            new QueueSeries("tunelab.expiry", "expiry", 0, Series.flat(30, 0)));

    assertThat(Findings.of(data))
        .singleElement()
        .extracting(Finding::message)
        .asString()
        .contains("stage update-crm takes orders slower")
        .doesNotContain("downstream");
  }

  @Test
  void aBatchLandingAtOnceAndDrainingIsNoBacklog() {
    List<Point> depth = Series.of(0, 60, 55, 50, 45, 40, 35, 30, 25, 20, 15, 10, 5, 0, 0, 0);

    assertThat(Findings.of(queues(queue("intake", 3, depth)))).isEmpty();
  }

  @Test
  void aRiseThatStopsShortOfTheThresholdIsNoBacklog() {
    // 9 messages over 9 s: below the 10-message threshold.
    List<Point> depth = Series.line(10, 0, 1);

    assertThat(Findings.of(queues(queue("update-crm", 1, depth)))).isEmpty();
  }

  @Test
  void aRiseThenDrainStillShowsWhereOrdersWaited() {
    double[] values = new double[30];
    for (int i = 0; i < 30; i++) {
      values[i] = i < 12 ? 3 * i : Math.max(0, 33 - 2 * (i - 12));
    }
    List<Finding> findings =
        Findings.of(queues(queue("create-subscriptions", 1, Series.of(values))));

    assertThat(findings).singleElement().satisfies(f -> assertThat(f.message()).contains("to 33"));
  }

  @Test
  void biggerBacklogsComeFirst() {
    RunData data =
        queues(
            queue("orchestration", 1, Series.line(20, 0, 1)),
            queue("create-subscriptions", 1, Series.line(20, 0, 3)));

    assertThat(Findings.of(data))
        .extracting(Finding::subject)
        .containsExactly("tunelab.create-subscriptions", "tunelab.orchestration");
  }
}
