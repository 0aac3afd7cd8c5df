package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.measure.LatencySummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** run.json and summary.md of a concurrent-soap run: requests instead of order accounting. */
class SoapRunFilesTest {
  @TempDir Path dir;

  private static Repetition rep(int n, double throughput, long errors) {
    LatencySummary all =
        new LatencySummary(300, errors, throughput, 100, 120.5, 400, 110, 150, 180, 390);
    return Repetition.measured(
        n,
        true,
        "300 requests",
        Metrics.of(throughput, new LatencyMillis(110, 150, 390, 400), errors),
        new RequestMeasures(
            new RequestMetrics(
                "closed",
                300,
                300,
                errors,
                100.0 * errors / 300,
                all,
                Map.of("GetInvoiceList", all),
                null,
                null)),
        n == 1 ? Warmup.ofRequests(60, 60, 5000) : null,
        12000,
        "step/rep-" + n);
  }

  private static RunResult run() {
    StepResult step =
        StepResult.of(
            "untuned",
            Map.of(),
            Map.of("workload.loops", "10"),
            List.of("db"),
            Map.of(),
            List.of(rep(1, 1800, 0), rep(2, 2000, 3)));
    return new RunResult(
            "20260101-000000-s",
            "s",
            "s.yaml",
            "concurrent-soap",
            "requests/min",
            RunResult.RUNNING,
            false,
            "2026-01-01T00:00:00Z",
            null,
            2,
            "untuned",
            null,
            List.of())
        .withStep(step)
        .finished(RunResult.COMPLETE, "2026-01-01T00:01:00Z");
  }

  @Test
  void runJsonHasRequestsAndNoAccountingAndReadsBack() throws Exception {
    RunFiles.write(dir, run());

    JsonNode json = new ObjectMapper().readTree(Files.readString(dir.resolve("run.json")));
    JsonNode step = json.path("steps").get(0);
    assertThat(step.has("accounting")).isFalse();
    JsonNode first = step.path("repetitions").get(0);
    assertThat(first.has("accounting")).isFalse();
    assertThat(first.path("warmup").path("requests").asInt()).isEqualTo(60);
    assertThat(first.path("warmup").has("orders")).isFalse();
    assertThat(
            first
                .path("requests")
                .path("byOperation")
                .path("GetInvoiceList")
                .path("p95Millis")
                .asLong())
        .isEqualTo(180);
    assertThat(step.path("metrics").path("throughputPerMinute").asDouble()).isEqualTo(1900);
    RunResult read = RunFiles.read(dir);
    assertThat(read.steps().get(0).repetitions().get(1).measures())
        .isInstanceOfSatisfying(
            RequestMeasures.class, soap -> assertThat(soap.requests().errors()).isEqualTo(3));
    assertThat(read.valid()).isTrue();
  }

  @Test
  void aWarmupInRoundsIsSummarizedInRequestsAndReadsBack() throws Exception {
    SteadyStateReport rounds =
        new SteadyStateReport(
            true,
            "steady when, over the last 3 warm-up rounds ...",
            List.of(2700.0, 3400.0, 3500.0, 3450.0),
            java.util.Arrays.asList(null, null, null, null),
            List.of(1.0, 0.5, 0.4, 0.6),
            0,
            3450.0,
            1.4,
            -0.6,
            null,
            null,
            "WARMUP",
            600,
            21000,
            "steady",
            null,
            null);
    Repetition first = rep(1, 1800, 0);
    Repetition warmedUp =
        Repetition.measured(
            first.number(),
            first.valid(),
            first.verdict(),
            first.metrics(),
            first.measures(),
            Warmup.ofRequestsUntilSteady(600, 600, 21000, rounds),
            first.wallMillis(),
            first.rawData());
    StepResult step =
        StepResult.of("untuned", Map.of(), Map.of(), List.of("db"), Map.of(), List.of(warmedUp));
    RunResult run = run().withStep(step);

    RunFiles.write(dir, run);

    assertThat(Files.readString(dir.resolve("summary.md")))
        .contains("warm-up steady at 3450.0/min after 4 rounds, 600 requests, 21 s (warmup)");
    Warmup read = RunFiles.read(dir).steps().get(0).repetitions().get(0).warmup();
    assertThat(read.requests()).isEqualTo(600);
    assertThat(read.orders()).isNull();
    assertThat(read.steadyState().batchRatesPerMinute()).hasSize(4);
  }

  /**
   * A warm-up that gave up says what still moved over its last rounds, so the engineer can tell a
   * JVM still warming up from batches that are that noisy (the restart ladder's every batch failed
   * one of the rule's conditions by a few percent).
   */
  @Test
  void aWarmupWithoutSteadyStateSaysWhatStillMovedLargestFirst() throws Exception {
    Map<String, Double> change = new java.util.LinkedHashMap<>();
    change.put("db", -10.9);
    change.put("broker", -5.2);
    change.put("middleware", -14.8);
    SteadyStateReport rounds =
        new SteadyStateReport(
            false,
            "steady when ...",
            List.of(3400.0, 2900.0, 3450.0),
            List.of(30.0, 33.0, 28.0),
            List.of(0.5, 0.4, 0.6),
            0,
            null,
            14.9,
            -29.7,
            null,
            null,
            "NONE",
            450,
            300000,
            "the time cap workload.warmupMaxSeconds (300 s) was reached",
            null,
            change);
    Repetition first = rep(1, 1800, 0);
    Repetition unsteady =
        Repetition.measured(
            first.number(),
            first.valid(),
            first.verdict(),
            first.metrics(),
            first.measures(),
            Warmup.ofRequestsUntilSteady(450, 450, 300000, rounds),
            first.wallMillis(),
            first.rawData());
    RunFiles.write(
        dir,
        run()
            .withStep(
                StepResult.of(
                    "untuned", Map.of(), Map.of(), List.of("db"), Map.of(), List.of(unsteady))));

    assertThat(Files.readString(dir.resolve("summary.md")))
        .contains(
            "warm-up NO STEADY STATE after 3 rounds, 450 requests, 300 s (the time cap"
                + " workload.warmupMaxSeconds (300 s) was reached); its last rounds: throughput CV"
                + " 14.9%, trend -29.7%; cost per unit against the rounds before: middleware"
                + " -14.8%, db -10.9%, broker -5.2%");
  }

  /** A step whose warm-up was steady after 3 rounds, with these costs per unit by batch. */
  private static StepResult steadyInThreeRounds(Map<String, List<Double>> costs) {
    SteadyStateReport rounds =
        new SteadyStateReport(
            true,
            "steady when ...",
            List.of(3400.0, 3500.0, 3450.0),
            List.of(60.0, 40.0, 30.0),
            List.of(0.5, 0.4, 0.6),
            0,
            3450.0,
            1.4,
            -0.6,
            null,
            null,
            "FLAT",
            450,
            15000,
            "steady",
            costs,
            null);
    Repetition first = rep(1, 1800, 0);
    Repetition warmedUp =
        Repetition.measured(
            first.number(),
            first.valid(),
            first.verdict(),
            first.metrics(),
            first.measures(),
            Warmup.ofRequestsUntilSteady(450, 450, 15000, rounds),
            first.wallMillis(),
            first.rawData());
    StepResult step =
        StepResult.of("untuned", Map.of(), Map.of(), List.of("db"), Map.of(), List.of(warmedUp));
    return step;
  }

  @Test
  void theSummarySaysWhatShareOfTheMiddlewaresCpuItsJitTookAtTheWarmupsEnd() throws Exception {
    Map<String, List<Double>> costs = new java.util.LinkedHashMap<>();
    costs.put("middleware", List.of(60.0, 40.0, 30.0));
    costs.put(io.tunelab.core.stats.WarmupRule.jitSeries("middleware"), List.of(30.0, 16.0, 9.9));
    RunFiles.write(dir, run().withStep(steadyInThreeRounds(costs)));

    assertThat(Files.readString(dir.resolve("summary.md")))
        .contains(
            "warm-up steady at 3450.0/min after 3 rounds, 450 requests, 15 s (flat); in its last"
                + " round the JIT compiler threads took 33% of the middleware's CPU");
  }

  /**
   * A JVM may end one of its compiler threads between two batches, taking that thread's CPU time
   * with it: the batch's JIT figure is unknown, written as null, and run.json still follows its
   * schema (it did not: a run whose JVMs compiled with C1 alone failed validation).
   */
  @Test
  void aBatchWhoseJitFigureIsUnknownIsWrittenAsNullAndValidates() throws Exception {
    Map<String, List<Double>> costs = new java.util.LinkedHashMap<>();
    costs.put("middleware", List.of(60.0, 40.0, 30.0));
    costs.put(
        io.tunelab.core.stats.WarmupRule.jitSeries("middleware"),
        java.util.Arrays.asList(30.0, null, 9.9));
    RunFiles.write(dir, run().withStep(steadyInThreeRounds(costs)));

    com.fasterxml.jackson.databind.JsonNode json =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(dir.resolve(RunFiles.RUN_JSON).toFile());
    assertThat(
            json.at("/steps/0/repetitions/0/warmup/steadyState/batchCostsPerUnit/jit.middleware/1")
                .isNull())
        .isTrue();
    assertThat(RunJsonSchemaTest.errors(json)).isEmpty();
  }

  @Test
  void summaryCountsAnsweredAndFailedRequests() throws Exception {
    RunFiles.write(dir, run());

    assertThat(Files.readString(dir.resolve("summary.md")))
        .contains("throughput (requests/min)")
        .contains("requests (answered/errors)")
        .contains("| 597/3 |")
        .contains("errors within workload.maxErrorPercent");
  }
}
