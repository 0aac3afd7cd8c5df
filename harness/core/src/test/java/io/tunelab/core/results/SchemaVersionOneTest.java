package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run.json written before schemaVersion 2 still reads, compares and reports. */
class SchemaVersionOneTest {
  @TempDir Path dir;

  private static String rep(int n, double throughput, double p99) {
    return """
        {"number": %d, "valid": true, "verdict": "ok",
         "metrics": {"throughputPerMinute": %s, "latencyMillis": {"p50": 100, "p90": 200,
           "p99": %s, "max": 900}, "errors": 0},
         "accounting": {"submitted": 10, "completed": 10, "faulted": 0, "lost": 0,
           "duplicated": 0},
         "wallMillis": 2000, "rawData": "s/rep-%d"}
        """
        .formatted(n, throughput, p99, n);
  }

  private static final String RUN_JSON =
      """
      {"runId": "20250101-000000-old", "experiment": "old", "file": "old.yaml",
       "plan": "batch-order", "throughputUnit": "orders/min", "status": "complete",
       "valid": true, "startedAt": "2025-01-01T00:00:00Z", "finishedAt": "2025-01-01T00:01:00Z",
       "repeat": 3, "baseline": "s",
       "steps": [{"name": "s", "changes": {}, "knobs": {}, "restarted": ["db"], "readBack": {},
         "repetitions": [%s, %s, %s],
         "metrics": {"throughputPerMinute": 110, "latencyMillis": {"p50": 100, "p90": 200,
           "p99": 310, "max": 900}, "errors": 0, "cv": 0.09,
           "throughputCi95": {"low": 85, "high": 135}},
         "index": 100.0, "accounting": {"submitted": 30, "completed": 30, "faulted": 0,
           "lost": 0, "duplicated": 0}, "valid": true, "noisy": true}]}
      """
          .formatted(rep(1, 100, 300), rep(2, 110, 310), rep(3, 120, 320));

  @Test
  void readsAsVersionOneWithEveryFieldItHad() throws Exception {
    Files.writeString(dir.resolve("run.json"), RUN_JSON);

    RunResult run = RunFiles.read(dir);

    assertThat(run.schemaVersion()).isEqualTo(1);
    StepResult step = run.steps().get(0);
    assertThat(step.metrics().latencyMillis().p99()).isEqualTo(310);
    assertThat(step.metrics().latencyMillis().p999()).isNull();
    assertThat(step.metrics().latencyMethod()).isNull();
    assertThat(step.repetitions().get(0).latencyHistogram()).isNull();
    assertThat(step.vsBaseline()).isNull();
    assertThat(RunFiles.json(run)).contains("\"schemaVersion\" : 1");
  }

  @Test
  void comparesWithoutAP999Row() throws Exception {
    Files.writeString(dir.resolve("run.json"), RUN_JSON);
    RunResult run = RunFiles.read(dir);

    List<RunComparison.Row> rows = RunComparison.compare(run, run);

    assertThat(rows)
        .extracting(RunComparison.Row::metric)
        .containsExactly("throughputPerMinute", "latencyMillis.p50", "latencyMillis.p99", "errors");
  }

  @Test
  void aStepRebuiltFromItsRepetitionsSaysItsPercentilesAreMedians() throws Exception {
    Files.writeString(dir.resolve("run.json"), RUN_JSON);
    StepResult old = RunFiles.read(dir).steps().get(0);

    StepResult rebuilt =
        StepResult.of(
            old.name(),
            old.changes(),
            old.knobs(),
            old.restarted(),
            old.readBack(),
            old.repetitions());

    assertThat(rebuilt.metrics().latencyMethod()).isEqualTo(Metrics.MEDIAN_OF_REPETITIONS);
    assertThat(rebuilt.metrics().latencyMillis().p99()).isEqualTo(310);
  }
}
