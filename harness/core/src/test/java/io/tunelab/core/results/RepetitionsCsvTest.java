package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RepetitionsCsvTest {
  @TempDir Path dir;

  private static Repetition rep(int n, double throughput, int faulted) {
    return Repetition.measured(
        n,
        faulted == 0,
        faulted == 0 ? "all orders accounted for" : faulted + " orders faulted",
        Metrics.of(throughput, new LatencyMillis(100, 200, 300, 400), faulted),
        BatchOrderMeasures.of(new OrderAccounting(10, 10 - faulted, faulted, 0, 0)),
        new Warmup(5, 5, 1000),
        2000 + n,
        "step/rep-" + n);
  }

  private static StepResult step(String name, Map<String, String> knobs, Repetition... reps) {
    return StepResult.of(name, Map.of(), knobs, List.of(), Map.of(), List.of(reps));
  }

  private static RunResult run() {
    Map<String, String> slow = new LinkedHashMap<>();
    slow.put("mocks.brm.latency", "50");
    slow.put("workload.orders", "100");
    slow.put("middleware.transactions", "local");
    Map<String, String> fast = new LinkedHashMap<>(slow);
    fast.put("mocks.brm.latency", "25");
    fast.put("middleware.transactions", "xa");
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
            2,
            "slow",
            null,
            List.of())
        .withStep(step("slow", slow, rep(1, 100, 0), rep(2, 110, 0)))
        .withStep(step("fast", fast, rep(1, 200, 2)));
  }

  private static List<Map<String, String>> read(Path file) throws Exception {
    try (MappingIterator<Map<String, String>> rows =
        new CsvMapper()
            .readerForMapOf(String.class)
            .with(CsvSchema.emptySchema().withHeader())
            .readValues(file.toFile())) {
      return new ArrayList<>(rows.readAll());
    }
  }

  @Test
  void oneRowPerRepetitionWithTheKnobsThatVaryAndWhatItMeasured() throws Exception {
    RunFiles.write(dir, run());

    Path csv = dir.resolve(RunFiles.REPETITIONS_CSV);
    List<Map<String, String>> rows = read(csv);
    assertThat(rows).hasSize(3);
    assertThat(Files.readAllLines(csv).get(0))
        .startsWith("step,repetition,mocks.brm.latency,middleware.transactions,valid,verdict,")
        .doesNotContain("workload.orders");
    Map<String, String> last = rows.get(2);
    assertThat(last)
        .containsEntry("step", "fast")
        .containsEntry("repetition", "1")
        .containsEntry("mocks.brm.latency", "25")
        .containsEntry("middleware.transactions", "xa")
        .containsEntry("valid", "false")
        .containsEntry("verdict", "2 orders faulted")
        .containsEntry("throughputPerMinute", "200.0")
        .containsEntry("throughputUnit", "orders/min")
        .containsEntry("p99Millis", "300.0")
        .containsEntry("faulted", "2")
        .containsEntry("completed", "8")
        .containsEntry("wallMillis", "2001")
        .containsEntry("harnessSharePercent", "");
    assertThat(rows.get(1)).containsEntry("step", "slow").containsEntry("repetition", "2");
    assertThat(last.keySet()).containsAll(RepetitionsCsv.MEASURED);
  }

  @Test
  void aRunOfOneStepHasNoKnobColumns() {
    RunResult one =
        TestSteps.run("only", 1, step("only", Map.of("workload.orders", "100"), rep(1, 100, 0)));

    assertThat(RepetitionsCsv.of(one).lines().findFirst().orElseThrow())
        .startsWith("step,repetition,valid,");
  }
}
