package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.BadInputException;
import io.tunelab.core.ExitCodes;
import io.tunelab.core.results.BatchOrderMeasures;
import io.tunelab.core.results.LatencyMillis;
import io.tunelab.core.results.Metrics;
import io.tunelab.core.results.OrderAccounting;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RunFiles;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.RunStatus;
import io.tunelab.core.results.StepResult;
import io.tunelab.core.results.Warmup;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tunelab compare A B} in-process on written runs: its gate and exit codes. */
class CompareCommandTest {
  private final InProcessCli cli = new InProcessCli();

  @TempDir Path dir;

  private int execute(String... args) {
    return cli.execute(args);
  }

  /**
   * A complete run of one step, "baseline", with these throughputs and p99 = 30000 / throughput.
   */
  private Path run(String id, double... throughputs) {
    return run(id, RunResult.COMPLETE, throughputs);
  }

  private Path run(String id, RunStatus status, double... throughputs) {
    List<Repetition> reps = new ArrayList<>();
    for (int i = 0; i < throughputs.length; i++) {
      double p99 = 300_000 / throughputs[i];
      reps.add(
          Repetition.measured(
              i + 1,
              true,
              "all orders accounted for",
              Metrics.of(throughputs[i], new LatencyMillis(p99 / 3, p99 / 2, p99, p99 * 1.5), 0),
              BatchOrderMeasures.of(new OrderAccounting(100, 100, 0, 0, 0)),
              new Warmup(5, 5, 1000),
              2000,
              "baseline/rep-" + (i + 1)));
    }
    RunResult run =
        new RunResult(
                id,
                "quickstart",
                "quickstart.yaml",
                "batch-order",
                "orders/min",
                RunResult.RUNNING,
                false,
                "2026-11-23T01:00:00Z",
                null,
                throughputs.length,
                "baseline",
                null,
                List.of())
            .withStep(StepResult.of("baseline", Map.of(), Map.of(), List.of(), Map.of(), reps))
            .finished(status, "2026-11-23T01:10:00Z");
    Path folder = dir.resolve(id);
    RunFiles.write(folder, run);
    return folder;
  }

  @Test
  void aRunThatDidNotCompleteIsRefusedUnlessAllowed() {
    Path a = run("a", 900, 910, 890, 905, 895);
    Path stopped = run("s", RunResult.INCOMPLETE, 900, 910);

    assertThat(execute("compare", a.toString(), stopped.toString())).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(cli.err())
        .contains(stopped + " is incomplete, not complete: its numbers are partial")
        .contains("--allow-incomplete");
    assertThat(execute("compare", stopped.toString(), a.toString(), "--allow-incomplete")).isZero();
    assertThat(cli.out()).contains("warning: s is incomplete");
  }

  @Test
  void aRunThreeTimesSlowerIsARegressionWithTheStepTheMetricAndBothNumbers() {
    Path a = run("a", 900, 910, 890, 905, 895);
    Path b = run("b", 300, 305, 298, 302, 296);

    int code = execute("compare", a.toString(), b.toString());

    assertThat(code).as(cli.err()).isEqualTo(ExitCodes.GATE_FAILED);
    assertThat(cli.out())
        .contains("FAIL       quickstart / baseline: throughput >= 95% of baseline")
        .contains("throughput 300.2 vs the baseline's 900.0 orders/min: 0.334x")
        .contains("FAIL       quickstart / baseline: p99 <= 110% of baseline")
        .contains("2 checks: 0 passed, 2 failed, 0 not tested")
        .contains("B is a regression of A: exit code 4");
  }

  @Test
  void aRunAgainstItselfOrAFasterOneIsNoRegression() {
    Path a = run("a", 900, 910, 890, 905, 895);
    Path faster = run("f", 1900, 1910, 1890, 1905, 1895);

    assertThat(execute("compare", a.toString(), a.toString())).isZero();
    assertThat(execute("compare", a.toString(), faster.toString())).isZero();
    assertThat(cli.out()).contains("no regression of B against A (exit code 0)");
  }

  @Test
  void givenThresholdsReplaceTheDefaults() {
    Path a = run("a", 900, 910, 890, 905, 895);
    Path b = run("b", 850, 860, 840, 855, 845);

    assertThat(execute("compare", a.toString(), b.toString())).isEqualTo(ExitCodes.GATE_FAILED);
    assertThat(
            execute(
                "compare",
                a.toString(),
                b.toString(),
                "--threshold",
                "throughput >= 90% of baseline",
                "--threshold",
                "p99 <= 120% of baseline"))
        .isZero();
  }

  @Test
  void jsonHoldsTheRowsTheChecksAndTheVerdict() throws Exception {
    Path a = run("a", 900, 910, 890, 905, 895);
    Path b = run("b", 300, 305, 298, 302, 296);

    assertThat(execute("compare", a.toString(), b.toString(), "--json"))
        .isEqualTo(ExitCodes.GATE_FAILED);

    JsonNode doc = new ObjectMapper().readTree(cli.out());
    assertThat(doc.path("regression").asBoolean()).isTrue();
    assertThat(doc.path("rows").size()).isPositive();
    JsonNode check = doc.path("checks").get(0);
    assertThat(check.path("step").asText()).isEqualTo("baseline");
    assertThat(check.path("threshold").asText()).isEqualTo("throughput >= 95% of baseline");
    assertThat(check.path("status").asText()).isEqualTo("FAIL");
    assertThat(check.path("value").asDouble()).isEqualTo(300.2);
    assertThat(check.path("baseline").asDouble()).isEqualTo(900.0);
  }

  @Test
  void aBadThresholdIsBadInputNamingItBeforeAnyRunIsRead() {
    int code =
        execute("compare", "no-such-run", "no-such-run-either", "--threshold", "latency < 2 s");

    assertThat(code).isEqualTo(BadInputException.EXIT_CODE);
    assertThat(cli.err())
        .contains("--threshold: threshold 'latency < 2 s': there is no metric 'latency'");
  }
}
