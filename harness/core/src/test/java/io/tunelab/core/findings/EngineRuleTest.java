package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.MiddlewareKnobs;
import java.util.List;
import org.junit.jupiter.api.Test;

class EngineRuleTest {
  private static RunData engine(int threads, List<Point> busy, List<Point> backlog) {
    return RunData.empty(30_000).with(new EngineData(threads, 16, busy, backlog));
  }

  @Test
  void everyThreadBusyWithMessagesWaitingMakesTheEngineTheLimit() {
    List<Finding> findings = Findings.of(engine(4, Series.flat(30, 4), Series.flat(30, 12)));

    assertThat(findings).hasSize(1);
    Finding finding = findings.get(0);
    assertThat(finding.kind()).isEqualTo(FindingKind.ENGINE_SATURATED);
    assertThat(finding.message())
        .contains("the 4 engine threads were busy 100%")
        .contains("12.0 handed-off messages")
        .contains("raise middleware.engine.threads");
    assertThat(finding.evidence())
        .anyMatch(line -> line.contains("mean 4.0 of 4 threads over 30 samples"))
        .anyMatch(line -> line.contains("waiting in 100% of the samples (capacity 16)"));
    assertThat(finding.candidates())
        .containsExactly(Candidate.raise(MiddlewareKnobs.ENGINE_THREADS));
  }

  @Test
  void anotherInstancesEngineIsNamedByItsLabelInTheEvidence() {
    RunData data =
        RunData.empty(30_000)
            .with(new EngineData(1, 16, Series.flat(30, 1), Series.flat(30, 15), "middleware-2"));

    Finding finding = Findings.of(data).get(0);

    assertThat(finding.kind()).isEqualTo(FindingKind.ENGINE_SATURATED);
    assertThat(finding.evidence())
        .anyMatch(line -> line.startsWith("series.csv middleware.engineBusy (label middleware-2):"))
        .anyMatch(
            line -> line.startsWith("series.csv middleware.engineBacklog (label middleware-2):"));
  }

  @Test
  void aBacklogInFrontOfASaturatedEngineNamesTheEngineNotTheConsumers() {
    RunData data =
        engine(4, Series.flat(30, 4), Series.flat(30, 14))
            .withAll(
                QueueSeries.class,
                List.of(new QueueSeries("tunelab.intake", "intake", 1, Series.line(30, 0, 2))));

    List<Finding> findings = Findings.of(data);

    assertThat(findings)
        .extracting(Finding::kind)
        .containsExactly(FindingKind.QUEUE_BACKLOG, FindingKind.ENGINE_SATURATED);
    assertThat(findings.get(0).message())
        .contains("whose threads are the limit (ENGINE_SATURATED)")
        .contains("raise middleware.engine.threads")
        .doesNotContain("give it more consumers");
    assertThat(findings.get(0).candidates())
        .containsExactly(Candidate.raise(MiddlewareKnobs.ENGINE_THREADS));
  }

  @Test
  void busyThreadsWithNothingWaitingAreNoLimit() {
    assertThat(Findings.of(engine(4, Series.flat(30, 4), Series.flat(30, 0)))).isEmpty();
  }

  @Test
  void idleThreadsWithAShortQueueAreNoLimit() {
    assertThat(Findings.of(engine(8, Series.flat(30, 5), Series.flat(30, 3)))).isEmpty();
  }

  @Test
  void noEngineNoFinding() {
    assertThat(Findings.of(engine(0, List.of(), List.of()))).isEmpty();
    assertThat(Findings.of(RunData.empty(30_000))).isEmpty();
  }
}
