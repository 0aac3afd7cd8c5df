package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.stats.Comparison;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunFilesTest {
  @TempDir Path dir;

  /** 1,000 latencies: p50 100, p90 200, p99 300, p99.9 400 = max (nearest rank). */
  static Histogram latencies() {
    Histogram histogram = new Histogram(3);
    histogram.recordValueWithCount(100, 500);
    histogram.recordValueWithCount(200, 400);
    histogram.recordValueWithCount(300, 90);
    histogram.recordValueWithCount(400, 10);
    return histogram;
  }

  private static Repetition rep(int n, double throughput) {
    return Repetition.measured(
            n,
            true,
            "all orders accounted for",
            Metrics.of(throughput, new LatencyMillis(100, 200, 300, 400), 0),
            BatchOrderMeasures.of(new OrderAccounting(10, 10, 0, 0, 0)),
            new Warmup(5, 5, 1000),
            2000,
            "step/rep-" + n)
        .withLatencyHistogram(latencies());
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
  void aRunningRunRecordsItsControllerAndReadsAsRunningWhileItLives() {
    RunFiles.write(dir, run());

    RunResult read = RunFiles.read(dir);

    assertThat(read.controller()).isEqualTo(RunController.current());
    assertThat(read.controller().startedAt()).isNotBlank();
    assertThat(read.status()).isEqualTo(RunStatus.RUNNING);
  }

  @Test
  void aRunningRunWhoseControllerIsGoneReadsAsInterrupted() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    RunFiles.write(dir, withController(run(), new RunController(gone.pid(), null)));

    RunResult read = RunFiles.read(dir);

    assertThat(read.status()).isEqualTo(RunStatus.INTERRUPTED);
    assertThat(read.valid()).isFalse();
    assertThat(RunFiles.json(read)).contains("\"status\" : \"interrupted\"");
  }

  @Test
  void aPidTheSystemGaveAnotherProcessIsNoLiveController() {
    // this process's pid, but a start time long before it: the controller's pid was reused
    RunController reused = new RunController(ProcessHandle.current().pid(), "2001-01-01T00:00:00Z");
    RunFiles.write(dir, withController(run(), reused));

    assertThat(RunFiles.read(dir).status()).isEqualTo(RunStatus.INTERRUPTED);
  }

  @Test
  void aFinishedRunOrOneWrittenBeforeControllersWereRecordedReadsAsItSays() throws Exception {
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    RunController dead = new RunController(gone.pid(), null);
    RunFiles.write(
        dir, withController(run().finished(RunResult.COMPLETE, "2026-01-01T00:01:00Z"), dead));
    assertThat(RunFiles.read(dir).status()).isEqualTo(RunStatus.COMPLETE);

    RunFiles.write(dir, withController(run(), null));
    assertThat(RunFiles.read(dir).status()).isEqualTo(RunStatus.RUNNING);
  }

  private static RunResult withController(RunResult run, RunController controller) {
    return new RunResult(
        run.schemaVersion(),
        run.runId(),
        run.experiment(),
        run.file(),
        run.plan(),
        run.throughputUnit(),
        run.status(),
        run.valid(),
        run.startedAt(),
        run.finishedAt(),
        run.repeat(),
        run.baseline(),
        run.environment(),
        run.steps(),
        run.repetitions(),
        run.schedule(),
        controller);
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
    // what the file is first: its schema's $id (docs/run.schema.json), then its version
    assertThat(json.fieldNames()).toIterable().startsWith("$schema", "schemaVersion");
    assertThat(json.path("$schema").asText()).isEqualTo("urn:tunelab:run:2");
    assertThat(json.path("schemaVersion").asInt()).isEqualTo(2);
    JsonNode step = json.path("steps").get(1);
    assertThat(step.fieldNames())
        .toIterable()
        .contains("name", "knobs", "repetitions", "metrics", "index", "accounting", "vsBaseline");
    assertThat(step.path("metrics").fieldNames())
        .toIterable()
        .contains(
            "throughputPerMinute",
            "latencyMillis",
            "errors",
            "cv",
            "throughputCi95",
            "latencyMethod",
            "latencySamples");
    assertThat(step.path("metrics").path("latencyMillis").fieldNames())
        .toIterable()
        .containsExactly("p50", "p90", "p99", "p999", "max");
    assertThat(step.at("/metrics/latencyMethod").asText()).isEqualTo("mergedHistograms");
    assertThat(step.at("/metrics/latencySamples").asLong()).isEqualTo(3000);
    JsonNode rep = step.path("repetitions").get(0);
    assertThat(rep.at("/metrics/latencyMillis/p999").asDouble()).isEqualTo(400);
    assertThat(rep.path("latencyHistogram").asText()).isNotBlank();
    assertThat(step.path("vsBaseline").fieldNames())
        .toIterable()
        .contains(
            "direction",
            "nA",
            "nB",
            "meanA",
            "meanB",
            "ratio",
            "ratioCi95",
            "df",
            "p",
            "pAdjusted",
            "verdict");
    assertThat(step.at("/vsBaseline/ratioCi95").fieldNames())
        .toIterable()
        .containsExactly("bounded", "low", "high");
    assertThat(step.at("/vsBaseline/verdict").asText()).isEqualTo("BETTER");
    assertThat(json.path("steps").get(0).has("vsBaseline")).as("the baseline").isFalse();
    assertThat(step.path("accounting").fieldNames())
        .toIterable()
        .containsExactly("submitted", "completed", "faulted", "lost", "duplicated");
    assertThat(json.path("status").asText()).isEqualTo("running");
    assertThat(RunFiles.read(dir)).isEqualTo(run);
  }

  @Test
  void everyFormatIsWrittenWholeInItsOrderAndNoFileIsLeftAside() throws Exception {
    RunResult run = run().finished(RunResult.COMPLETE, "2026-01-01T00:01:00Z");
    ResultFormat steps =
        ResultFormat.of(
            "steps.txt", r -> String.join(",", r.steps().stream().map(StepResult::name).toList()));

    List<Path> written = RunFiles.write(dir, run, List.of(steps, RunFiles.FORMATS.get(0)));

    assertThat(written).containsExactly(dir.resolve("steps.txt"), dir.resolve("run.json"));
    assertThat(Files.readString(dir.resolve("steps.txt"))).isEqualTo("a,b");
    assertThat(RunFiles.read(dir)).isEqualTo(run);
    assertThat(RunFiles.FORMATS)
        .extracting(ResultFormat::file)
        .containsExactly("run.json", "summary.md", "repetitions.csv");
    try (var files = Files.list(dir)) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .containsExactlyInAnyOrder("steps.txt", "run.json");
    }
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
        .contains(
            "| b | `k=v` | 220.0 | 300 | 400 | 200.0 | 2.000 [1.570, 2.547] better (p Holm 0.0037)"
                + " | 9.1% noisy | 30/0/0/0 |")
        .contains("**complete, valid**");
  }

  @Test
  void compareOfARunWithItselfFindsNoSignificantDifferenceOnAnyRow() {
    RunResult a = run();
    RunResult b = run();

    List<RunComparison.Row> rows = RunComparison.compare(a, b);

    // 2 steps x throughput, p50, p99, p99.9, errors
    assertThat(rows).hasSize(10);
    assertThat(rows)
        .extracting(r -> r.comparison().verdict())
        .containsOnly(Comparison.Verdict.NO_SIGNIFICANT_DIFFERENCE);
    assertThat(rows.get(0).comparison().ratio()).isEqualTo(1.0);
    assertThat(rows.get(0).comparison().p()).isEqualTo(1.0);
    String text = RunComparison.text(a, b, rows);
    assertThat(text)
        .contains("latencyMillis.p999")
        .contains("no significant difference (MDE ")
        .contains("adjusted over the 10 tests above")
        .contains("the unit of replication is the repetition");
  }
}
