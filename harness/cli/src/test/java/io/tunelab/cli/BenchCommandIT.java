package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.ExitCodes;
import io.tunelab.core.bench.Baseline;
import io.tunelab.core.bench.BaselineStore;
import io.tunelab.core.bench.Fingerprint;
import io.tunelab.core.results.RunResult;
import io.tunelab.run.Machine;
import io.tunelab.tiers.db.DbConfig;
import io.tunelab.tiers.db.PostgresTier;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The regression gate end to end, as a CI job runs it. The first night is the nightly's own script,
 * {@code .ci/nightly}, on a machine that is not the one the suite's baseline was recorded on (a
 * hosted runner's, played by a baseline filed under a runner's fingerprint): it takes the bootstrap
 * path, recording this machine's own baseline (exit 0, the relative checks "recording"), not a
 * refusal. The suite wants one night, so the next bench gates: the same configuration with BRM
 * three times slower fails {@code bench} and {@code compare} (exit 4, the gate) with the step, the
 * metric and both numbers in the JUnit XML. Both nights append to a history in a PostgreSQL this
 * test starts for itself ({@code TUNELAB_HISTORY=jdbc:...}), which {@code tunelab history} reads
 * back. Two small runs of one step.
 */
class BenchCommandIT {
  private static final Duration RUN = Duration.ofMinutes(6);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path HOME = Path.of(System.getProperty("tunelab.home"));

  /**
   * Bound by BRM's latency whatever the JIT's state: each engine thread handles one order at a
   * time, so an order costs its BRM calls' latency plus its CPU; with 4 threads on 2 cores a cold
   * JVM's CPU, not BRM, set the pace and a BRM three times slower did not always show. 4
   * repetitions of 30 orders after one warm-up batch (the time cap ends the warm-up after its first
   * batch: the gate, not the steady state, is the subject here); with 2 repetitions a side, one
   * noisy repetition left a 0.41 ratio not significant (p 0.067) in one verify, and with 3 a side
   * one verify (the heap-death IT beside the first bench) left compare's throughput check not
   * significant. Fewer orders a repetition do not buy repetitions: with 20, the steady window of a
   * repetition held too few completions and the slower bench's rates spread from 183 to 264
   * orders/min while its whole drains ran at 100-112. Both benches run on the suite's C1-only JIT,
   * as every JVM of an IT does (the gate compares two runs made alike). Two engine threads wait on
   * BRM side by side and are still bound by it: both configurations as two steps of one run, C1,
   * alone on this machine, took 76 s with two threads (the slower 0.434x [0.410, 0.458] of the
   * first, CV 1.7% each side) and 108 s with one (0.393x [0.359, 0.434], CV 5.3% and 2.7%).
   */
  private static final String EXPERIMENT =
      """
      name: gate
      plan: batch-order
      repeat: 4
      workload: {orders: 30, threads: 2, mix: "1:0:0", minMeasuredSeconds: 2,
                 warmupBatchOrders: 30, warmupMaxSeconds: 1}
      knobs: {db.seed.customers: 100, mocks.siebel.latency: 0, mocks.brm.latency: 50,
              middleware.engine.threads: 2}
      steps: [{name: brm}]
      """;

  private static TestRuntime testRuntime;
  private static PostgresTier historyDb;
  private static String historyUrl;
  private static CliProcess cli;
  private static Path dir;
  private static Path results;
  private static CliProcess.Result first;
  private static CliProcess.Result slower;

  /** A GitHub-hosted runner's machine, whose baseline the nightly finds but cannot use here. */
  private static final Fingerprint RUNNER =
      new Fingerprint(
          "AMD EPYC 7763 64-Core Processor",
          4,
          16,
          "17.0.13 (Eclipse Adoptium)",
          "16.6 (Ubuntu 16.6-0ubuntu0.24.04.1)",
          "2.56.0",
          "5.6.3",
          "3.13.2");

  @BeforeAll
  static void benchTwice() throws Exception {
    testRuntime = new TestRuntime();
    cli = new CliProcess(testRuntime.dir());
    dir = testRuntime.dir();
    results = dir.resolve("results");
    Files.writeString(dir.resolve("gate.yaml"), EXPERIMENT);
    historyDb =
        PostgresTier.start(
            DbConfig.defaults(),
            dir.resolve("history-db"),
            OptionalLong.of(ProcessHandle.current().pid()));
    historyUrl =
        historyDb.jdbcUrl()
            + "?user="
            + historyDb.user()
            + "&password="
            + URLEncoder.encode(historyDb.password(), StandardCharsets.UTF_8);
    Files.writeString(
        dir.resolve("suite.yaml"),
        """
        name: it
        baselineNights: 1
        experiments:
          - file: gate.yaml
            thresholds: [throughput >= 90% of baseline, errors < 1%]
        """);
    Files.writeString(
        dir.resolve("slower.yaml"),
        """
        name: it
        baselineNights: 1
        experiments:
          - file: gate.yaml
            set: {mocks.brm.latency: 150}
            thresholds: [throughput >= 90% of baseline, errors < 1%]
        """);
    new BaselineStore(dir.resolve("baselines"))
        .write(
            Baseline.of(
                "it",
                RUNNER.machineKey(),
                new Baseline.Night(
                    "2026-11-24T02:17:00Z",
                    RUNNER,
                    BenchCommandTest.run("gate", RunResult.COMPLETE, true))));
    first = nightly("suite.yaml");
    slower = bench("slower.yaml");
  }

  /** {@code .ci/nightly} as a CI job runs it, on the suite, with the extra arguments to bench. */
  private static CliProcess.Result nightly(String suite) throws Exception {
    Path out = dir.resolve("nightly.out");
    Path err = dir.resolve("nightly.err");
    ProcessBuilder builder =
        new ProcessBuilder(
                "/bin/bash",
                HOME.resolve(".ci/nightly").toString(),
                "--out",
                results.toString(),
                "--baselines",
                dir.resolve("baselines").toString(),
                "--no-observe")
            .directory(HOME.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    Map<String, String> env = builder.environment();
    env.put("TUNELAB_NIGHTLY_SUITE", dir.resolve(suite).toString());
    env.put("TUNELAB_HISTORY", historyUrl);
    env.put("TUNELAB_RUNTIME", dir.toString());
    // this machine is not the test's to change: name what is missing, install nothing
    env.put("TUNELAB_PREREQUISITES", "check");
    env.put("JAVA_HOME", System.getProperty("java.home"));
    Process process = builder.start();
    if (!process.waitFor(RUN.toMillis(), TimeUnit.MILLISECONDS)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      throw new AssertionError(".ci/nightly did not end in " + RUN + ": " + Files.readString(err));
    }
    return new CliProcess.Result(process.exitValue(), Files.readString(out), Files.readString(err));
  }

  private static CliProcess.Result bench(String suite) throws Exception {
    return cli.run(
        RUN,
        "bench",
        dir.resolve(suite).toString(),
        "--out",
        results.toString(),
        "--baselines",
        dir.resolve("baselines").toString(),
        "--history",
        historyUrl,
        "--no-observe");
  }

  @AfterAll
  static void cleanUp() throws Exception {
    if (historyDb != null) {
      historyDb.close();
    }
    if (testRuntime != null) {
      testRuntime.close();
    }
  }

  @Test
  void theNightlyOnAMachineWithoutItsOwnBaselineRecordsOneAndPasses() throws Exception {
    assertThat(first.exitCode()).as(first.stderr()).isZero();
    String machine = Machine.fingerprint().machineKey();
    assertThat(machine).isNotEqualTo(RUNNER.machineKey());
    assertThat(first.stdout())
        .as("./tunelab --version, first")
        .startsWith("tunelab ")
        .containsPattern("\ncommit [0-9a-f]{40}");
    assertThat(first.stderr())
        .as("the jars were built by this build, not rebuilt")
        .doesNotContain("tunelab: building");
    assertThat(first.stdout())
        .contains("# tunelab bench it: **passed**")
        .contains(
            "| recording | gate / brm | `throughput >= 90% of baseline` | no baseline of this"
                + " machine yet ("
                + machine
                + "; baselines of other machines, "
                + RUNNER.machineKey()
                + ", do not compare with its numbers): night 1 of 1 recorded in ")
        .contains("the gate starts with the next night")
        .contains("| pass | gate / brm | `errors < 1%` |");
    assertThat(dir.resolve("baselines/it/" + machine + "/gate.json")).isRegularFile();
    Path bench = benchDir(first);
    assertThat(Files.readString(bench.resolve("junit.xml")))
        .contains("skipped=\"1\"")
        .contains("<skipped message=\"no baseline of this machine yet");
  }

  @Test
  void brmThreeTimesSlowerFailsTheGateNamingTheStepTheMetricAndBothNumbers() throws Exception {
    assertThat(slower.exitCode()).as(slower.stderr()).isEqualTo(ExitCodes.GATE_FAILED);
    Path bench = benchDir(slower);
    String junit = Files.readString(bench.resolve("junit.xml"));
    assertThat(junit)
        .contains("<testsuite name=\"it.gate\"")
        .contains("name=\"brm: throughput &gt;= 90% of baseline\"")
        .contains("<failure type=\"regression\" message=\"throughput ")
        .contains("vs the baseline's ")
        .contains("a regression: past the limit and significant");
    JsonNode check = JSON.readTree(bench.resolve("bench.json").toFile()).path("checks").get(0);
    assertThat(check.path("step").asText()).isEqualTo("brm");
    assertThat(check.path("status").asText()).isEqualTo("FAIL");
    assertThat(check.path("value").asDouble())
        .as("the slower run's throughput against the baseline's")
        .isLessThan(0.75 * check.path("baseline").asDouble());
  }

  @Test
  void compareOfTheBaselineAndTheSlowerRunIsARegression() throws Exception {
    Path baselineRun = results.resolve(runIds(benchDir(first)).get(0));
    Path slowerRun = results.resolve(runIds(benchDir(slower)).get(0));

    CliProcess.Result compare =
        cli.run(Duration.ofMinutes(1), "compare", baselineRun.toString(), slowerRun.toString());

    assertThat(compare.exitCode()).as(compare.stderr()).isEqualTo(ExitCodes.GATE_FAILED);
    assertThat(compare.stdout())
        .contains("FAIL       gate / brm: throughput >= 95% of baseline")
        .contains("B is a regression of A: exit code 4");
  }

  @Test
  void bothBenchesAreInTheHistoryDatabaseAndHistoryReadsThemBack() throws Exception {
    assertThat(first.stdout()).contains("history: 1 of 1 runs appended to jdbc:postgresql:");
    assertThat(first.stdout())
        .contains("password=***")
        .doesNotContain("password=" + historyDb.password());

    Path page = dir.resolve("trend.html");
    CliProcess.Result history =
        cli.run(
            Duration.ofMinutes(1),
            "history",
            "it",
            "--history",
            historyUrl,
            "--html",
            page.toString(),
            "--json");

    assertThat(history.exitCode()).as(history.stderr()).isZero();
    JsonNode trends = JSON.readTree(history.stdout()).path("trends");
    JsonNode throughput =
        java.util.stream.StreamSupport.stream(trends.spliterator(), false)
            .filter(t -> t.path("metric").asText().equals("brm.throughput"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no brm.throughput in " + trends));
    assertThat(throughput.path("experiment").asText()).isEqualTo("gate");
    assertThat(throughput.path("runs")).hasSize(2);
    assertThat(throughput.path("runs").get(0).path("run").asText())
        .isEqualTo(runIds(benchDir(first)).get(0));
    assertThat(throughput.path("runs").get(1).path("value").asDouble())
        .as("the slower bench's throughput, second in time")
        .isLessThan(0.75 * throughput.path("runs").get(0).path("value").asDouble());
    // two runs cannot hold a change point: it needs three on each side
    assertThat(throughput.path("changePoints")).isEmpty();
    assertThat(Files.readString(page)).contains("tunelab: history of it");
  }

  /** The suite folder a bench's output names. */
  private static Path benchDir(CliProcess.Result bench) throws IOException {
    try (Stream<Path> all = Files.list(results)) {
      List<Path> benches =
          all.filter(p -> p.getFileName().toString().startsWith("bench-")).sorted().toList();
      Path named =
          benches.stream()
              .filter(p -> bench.stdout().contains("results: " + p))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no bench folder named in " + bench.stdout()));
      return named;
    }
  }

  private static List<String> runIds(Path bench) throws IOException {
    JsonNode runs = JSON.readTree(bench.resolve("bench.json").toFile()).path("runs");
    return java.util.stream.StreamSupport.stream(runs.spliterator(), false)
        .map(r -> r.path("runId").asText())
        .toList();
  }
}
