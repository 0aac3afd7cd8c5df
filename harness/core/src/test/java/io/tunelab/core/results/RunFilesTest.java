package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunFilesTest {
  @TempDir Path dir;

  private static Repetition rep(int n, double throughput) {
    return new Repetition(
        n,
        true,
        "all orders accounted for",
        Metrics.of(throughput, new LatencyMillis(100, 200, 300, 400), 0),
        new OrderAccounting(10, 10, 0, 0, 0),
        new Warmup(5, 5, 1000),
        2000,
        "step/rep-" + n);
  }

  private static StepResult step(String name, double... throughputs) {
    List<Repetition> reps = new java.util.ArrayList<>();
    for (int i = 0; i < throughputs.length; i++) {
      reps.add(rep(i + 1, throughputs[i]));
    }
    return StepResult.of(
        name, Map.of("k", "v"), Map.of("k", "v"), List.of("db"), Map.of("x", 1), reps);
  }

  private static RunResult run() {
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
        .withStep(step("a", 100, 110, 120))
        .withStep(step("b", 200, 220, 240));
  }

  @Test
  void stepsCarryMediansCvIntervalAndIndexAgainstTheBaseline() {
    RunResult run = run().finished(RunResult.COMPLETE, "2026-01-01T00:01:00Z");

    StepResult b = run.step("b").orElseThrow();
    assertThat(b.metrics().throughputPerMinute()).isEqualTo(220);
    assertThat(b.metrics().cv()).isCloseTo(20.0 / 220, within(1e-9));
    assertThat(b.index()).isEqualTo(200.0);
    assertThat(run.step("a").orElseThrow().index()).isEqualTo(100.0);
    assertThat(b.accounting()).isEqualTo(new OrderAccounting(30, 30, 0, 0, 0));
    assertThat(run.valid()).isTrue();
  }

  @Test
  void runJsonHasTheDocumentedFieldsAndReadsBack() throws Exception {
    RunResult run = run();
    RunFiles.write(dir, run);

    JsonNode json = new ObjectMapper().readTree(Files.readString(dir.resolve("run.json")));
    JsonNode step = json.path("steps").get(1);
    assertThat(step.fieldNames())
        .toIterable()
        .contains("name", "knobs", "repetitions", "metrics", "index", "accounting");
    assertThat(step.path("metrics").fieldNames())
        .toIterable()
        .contains("throughputPerMinute", "latencyMillis", "errors", "cv");
    assertThat(step.path("metrics").path("latencyMillis").fieldNames())
        .toIterable()
        .containsExactly("p50", "p90", "p99", "max");
    assertThat(step.path("accounting").fieldNames())
        .toIterable()
        .containsExactly("submitted", "completed", "faulted", "lost", "duplicated");
    assertThat(json.path("status").asText()).isEqualTo("running");
    assertThat(RunFiles.read(dir)).isEqualTo(run);
  }

  @Test
  void aRunThatDidNotFinishIsNeverShownAsFinished() throws Exception {
    RunFiles.write(dir, run().finished(RunResult.INCOMPLETE, "2026-01-01T00:00:30Z"));

    assertThat(RunFiles.read(dir).valid()).isFalse();
    assertThat(Files.readString(dir.resolve("summary.md"))).contains("**INCOMPLETE**");
  }

  @Test
  void summaryHasOneRowPerStepWithIndexAndCv() throws Exception {
    RunFiles.write(dir, run().finished(RunResult.COMPLETE, "2026-01-01T00:01:00Z"));

    String summary = Files.readString(dir.resolve("summary.md"));
    assertThat(summary)
        .contains("| b | `k=v` | 220.0 | 300 | 200.0 | 9.1% noisy | 30/0/0/0 |")
        .contains("**complete, valid**");
  }

  @Test
  void compareSaysNoSignificantDifferenceWithinTheNoise() {
    RunResult a = run();
    RunResult b = run();

    List<RunComparison.Row> rows = RunComparison.compare(a, b);
    assertThat(rows).hasSize(8);
    assertThat(rows.get(0).difference().ratio()).isEqualTo(1.0);
    assertThat(RunComparison.text(a, b, rows)).contains("no significant difference");
  }
}
