package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.findings.Finding;
import io.tunelab.core.findings.FindingKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StepFindingsTest {
  @TempDir Path dir;

  private static final Finding BACKLOG =
      new Finding(
          FindingKind.QUEUE_BACKLOG,
          "tunelab.create-subscriptions",
          "the backlog grew by 30 messages",
          List.of("broker.messageCount tunelab.create-subscriptions: 2 -> 32 over 12 s"));
  private static final Finding SCAN =
      new Finding(FindingKind.SEQUENTIAL_SCAN, "xref_data", "index it", List.of("seq_scan 400"));

  private static Repetition rep(int n, List<Finding> findings) {
    Repetition rep =
        Repetition.measured(
            n,
            true,
            "all orders accounted for",
            Metrics.of(100, new LatencyMillis(100, 200, 300, 400), 0),
            BatchOrderMeasures.of(new OrderAccounting(10, 10, 0, 0, 0)),
            null,
            2000,
            "step/rep-" + n);
    return findings == null
        ? rep
        : rep.withObservation(findings, new ObserverStats(30, 1.5, Map.of()));
  }

  private static RunResult run(Repetition... reps) {
    return new RunResult(
            "20260101-000000-x",
            "x",
            "x.yaml",
            "batch-order",
            "orders/min",
            RunResult.RUNNING,
            false,
            "2026-01-01T00:00:00Z",
            null,
            3,
            "a",
            null,
            List.of())
        .withStep(StepResult.of("a", Map.of(), Map.of(), List.of(), Map.of(), List.of(reps)));
  }

  @Test
  void aFindingOfSeveralRepetitionsIsListedOnceWithItsCount() {
    StepResult step =
        run(rep(1, List.of(BACKLOG, SCAN)), rep(2, List.of(BACKLOG)), rep(3, List.of()))
            .steps()
            .get(0);

    assertThat(StepFindings.of(step))
        .extracting(c -> c.finding().kind(), StepFindings.Counted::repetitions)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(FindingKind.QUEUE_BACKLOG, 2),
            org.assertj.core.groups.Tuple.tuple(FindingKind.SEQUENTIAL_SCAN, 1));
    assertThat(StepFindings.of(step)).allSatisfy(c -> assertThat(c.observed()).isEqualTo(3));
  }

  @Test
  void findingsAndObserverCostAreInRunJsonAndSummaryAndReadBack() throws Exception {
    RunResult run = run(rep(1, List.of(BACKLOG)), rep(2, List.of(BACKLOG)));
    RunFiles.write(dir, run);

    assertThat(Files.readString(dir.resolve("run.json")))
        .contains("\"findings\"", "\"QUEUE_BACKLOG\"", "\"cpuPercentOfOneCore\"");
    assertThat(Files.readString(dir.resolve("summary.md")))
        .contains("## Findings")
        .contains("**QUEUE_BACKLOG** `tunelab.create-subscriptions` (2 of 2 repetitions)");
    Repetition back = RunFiles.read(dir).steps().get(0).repetitions().get(0);
    assertThat(back.findings()).containsExactly(BACKLOG);
    assertThat(back.observer().samples()).isEqualTo(30);
  }

  @Test
  void anUnobservedRunHasNoFindingsSectionNorFields() throws Exception {
    RunFiles.write(dir, run(rep(1, null)));

    assertThat(Files.readString(dir.resolve("run.json"))).doesNotContain("findings", "observer");
    assertThat(Files.readString(dir.resolve("summary.md"))).doesNotContain("Findings");
    assertThat(RunFiles.read(dir).steps().get(0).repetitions().get(0).findings()).isNull();
  }
}
