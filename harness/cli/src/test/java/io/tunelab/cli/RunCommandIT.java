package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.knobs.Knobs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code tunelab run experiments/quickstart.yaml} as a user runs it, once for the whole class: its
 * run.json, summary.md, observer files and raw data, its report.html in headless Chromium, what its
 * second step's knobs did to the tiers (read back from the broker and the database), {@code tunelab
 * compare} on it, and nothing left running. The middleware is recorded with JFR ({@code --set
 * middleware.jvm.jfr=default}), so every part of a recorded window's path is exercised too, and so
 * are the broker's and the mocks' collections (ObservedResourcesIT records the broker with the
 * default settings).
 */
class RunCommandIT {
  private static final Duration RUN = Duration.ofMinutes(8);
  private static final ObjectMapper JSON = new ObjectMapper();

  private static TestRuntime testRuntime;
  private static CliProcess cli;
  private static Path out;
  private static CliProcess.Result quickstart;
  private static Path runDir;
  private static JsonNode run;

  @BeforeAll
  static void runQuickstart() throws Exception {
    testRuntime = new TestRuntime();
    cli = new CliProcess(testRuntime.dir());
    out = testRuntime.dir().resolve("results");
    String file =
        Path.of(System.getProperty("tunelab.home"), "experiments/quickstart.yaml").toString();
    quickstart =
        cli.run(
            RUN,
            "run",
            file,
            "--out",
            out.toString(),
            "--threshold",
            "errors < 1%",
            "--threshold",
            "brm-25ms: p95 of order < 600 s",
            "--threshold",
            "throughput >= 50% of baseline",
            // the whole path of a recorded window: run.json, summary.md, report.html in Chromium
            "--set",
            "middleware.jvm.jfr=default",
            // the stack's other JVM tiers, one each way
            "--set",
            "broker.jvm.jfr=gc",
            "--set",
            "mocks.jvm.jfr=gc",
            // the other test JVM's work is not the host's steal a user's run would meet: in a
            // verify it had this run measure disturbed windows again (up to six repetitions a
            // step) and warm up to its cap, and the class took 163 s of CPU where the run
            // alone takes 86 s (MeasuredRepetitionTest and ScheduleTest hold the disturbed path)
            "--set",
            "workload.maxStealPercent=100",
            "--set",
            "workload.warmupMaxSeconds=20");
    runDir = onlyRun(out);
    run = JSON.readTree(Files.readString(runDir.resolve("run.json")));
  }

  @AfterAll
  static void cleanUp() throws Exception {
    if (testRuntime != null) {
      testRuntime.close();
    }
  }

  @Test
  void quickstartIsCompleteAndValidWithEveryOrderAccountedFor() throws IOException {
    assertThat(quickstart.exitCode()).as(quickstart.stderr()).isZero();
    // run --threshold: judged once the run ended, relative ones against its baseline step
    assertThat(quickstart.stdout())
        .contains("pass       quickstart / brm-25ms: errors < 1%")
        .contains("pass       quickstart / brm-25ms: p95 of order < 600 s")
        .contains("pass       quickstart / brm-25ms: throughput >= 50% of baseline")
        .doesNotContain("quickstart / brm-50ms: throughput >= 50% of baseline")
        .contains("4 checks: 4 passed, 0 failed, 0 not tested");
    assertThat(run.path("status").asText()).isEqualTo("complete");
    assertThat(run.path("valid").asBoolean()).isTrue();
    assertThat(run.path("steps")).hasSize(2);
    for (JsonNode step : run.path("steps")) {
      JsonNode accounting = step.path("accounting");
      assertThat(accounting.path("submitted").asInt()).isPositive();
      assertThat(accounting.path("completed").asInt() + accounting.path("faulted").asInt())
          .isEqualTo(accounting.path("submitted").asInt());
      assertThat(accounting.path("lost").asInt()).isZero();
      assertThat(accounting.path("duplicated").asInt()).isZero();
      // three counted; a repetition the host disturbed is kept and measured again (with its
      // partner: rounds are whole), at most six in all, so a host disturbed for long leaves
      // fewer counted and says so
      int disturbed = 0;
      for (JsonNode rep : step.path("repetitions")) {
        disturbed += rep.path("disturbed").asBoolean() ? 1 : 0;
      }
      int size = step.path("repetitions").size();
      // all disturbed: the step still reports them all, and says so
      assertThat(step.path("counted").asInt())
          .isEqualTo(disturbed == size ? size : size - disturbed);
      assertThat(step.path("repetitions").size()).isBetween(3, 6);
      if (step.path("counted").asInt() < 3) {
        assertThat(step.path("repetitions").size()).isEqualTo(6);
      }
      for (JsonNode rep : step.path("repetitions")) {
        assertThat(rep.path("metrics").path("throughputPerMinute").asDouble()).isPositive();
        assertThat(rep.path("metrics").path("latencyMillis").path("p99").asDouble()).isPositive();
        assertThat(rep.at("/metrics/latencyMillis/p999").asDouble()).isPositive();
        assertThat(rep.path("latencyHistogram").asText()).isNotBlank();
        assertThat(runDir.resolve(rep.path("rawData").asText()).resolve("latency.hlog"))
            .isRegularFile();
        assertThat(rep.path("accounting").path("lost").asInt()).isZero();
        List<String> ledger =
            Files.readAllLines(runDir.resolve(rep.path("rawData").asText()).resolve("orders.csv"));
        assertThat(ledger.subList(1, ledger.size()))
            .hasSize(rep.at("/accounting/submitted").asInt())
            .allMatch(row -> row.contains(",COMPLETED,"), "every order completed, by its id");
      }
      assertThat(step.path("metrics").has("cv")).isTrue();
      assertThat(step.at("/metrics/latencyMethod").asText()).isEqualTo("mergedHistograms");
      assertThat(step.path("knobs").size()).isGreaterThanOrEqualTo(Knobs.ALL.size());
    }
    assertThat(run.path("steps").get(0).path("index").asDouble()).isEqualTo(100.0);
    assertThat(run.path("schemaVersion").asInt()).isEqualTo(2);
    assertThat(run.path("steps").get(0).has("vsBaseline")).as("the baseline").isFalse();
    assertThat(run.at("/steps/1/vsBaseline/verdict").asText())
        .isIn("BETTER", "WORSE", "NO_SIGNIFICANT_DIFFERENCE");
    // three rounds, the steps compared round by round, and why the schedule stopped
    assertThat(run.at("/steps/1/vsBaseline/design").asText()).isEqualTo("PAIRED");
    assertThat(run.at("/schedule/rounds").asInt()).isGreaterThanOrEqualTo(3);
    assertThat(run.at("/schedule/stoppedBy").asText()).isNotBlank();
    for (JsonNode step : run.path("steps")) {
      for (JsonNode rep : step.path("repetitions")) {
        assertThat(rep.at("/protocol/round").asInt()).isPositive();
        assertThat(rep.at("/protocol/startState/digest").asText()).hasSize(12);
      }
    }
  }

  @Test
  void secondStepKnobsReachedTheTiersWithoutARestart() {
    JsonNode first = run.path("steps").get(0).path("readBack");
    JsonNode second = run.path("steps").get(1).path("readBack");

    assertThat(first.path("mocks.brm").path("latency").asText()).isEqualTo("50");
    assertThat(second.path("mocks.brm").path("latency").asText()).isEqualTo("25");
    assertThat(second.path("mocks.siebel").path("latency").asText()).isEqualTo("20");
    assertThat(second.path("middleware.settings").has("dbPassword")).isFalse();
    // the journal the broker writes, from its management; a fallback from the ASYNCIO asked for
    // (no libaio) is said as the stack starts
    assertThat(first.path("broker.journal").asText()).isIn("ASYNCIO", "NIO");
    if (first.path("broker.journal").asText().equals("NIO")) {
      assertThat(quickstart.stderr()).contains("the broker journals on NIO, not the ASYNCIO");
    }
    // a live knob: the second step measures on the first step's warm middleware
    assertThat(texts(run.path("steps").get(1).path("restarted"))).isEmpty();
    for (JsonNode rep : run.path("steps").get(1).path("repetitions")) {
      assertThat(rep.has("warmup")).isFalse();
      assertThat(rep.path("middlewareJvm").asInt()).isEqualTo(1);
    }
  }

  @Test
  void everyMeasuredBatchWasEnqueuedWithDeliveryHeldAndDrainedAfterTheRelease() {
    JsonNode protocol = run.path("repetitions");
    assertThat(protocol.path("min").asInt()).isEqualTo(3);
    assertThat(protocol.path("order").asText()).isEqualTo("INTERLEAVED");
    assertThat(protocol.path("jvm").asText()).isEqualTo("SHARED");
    for (JsonNode step : run.path("steps")) {
      for (JsonNode rep : step.path("repetitions")) {
        JsonNode window = rep.path("window");
        assertThat(window.path("mode").asText()).isEqualTo("backlog");
        assertThat(window.path("latencyFrom").asText()).isEqualTo("release");
        assertThat(window.path("deliveredWhileHeld").asLong()).isZero();
        assertThat(window.path("queuedAtRelease").asInt())
            .isEqualTo(rep.path("accounting").path("submitted").asInt())
            .isGreaterThanOrEqualTo(60);
        assertThat(window.path("steadySeconds").asDouble()).isPositive();
        assertThat(window.path("stealPercent").isNumber()).isTrue();
        assertThat(window.path("middlewareCpuMillisPerOrder").asDouble()).isPositive();
        assertThat(rep.path("workCost").path("walBytesPerUnit").asDouble()).isPositive();
        assertThat(rep.path("harnessCost").path("harnessSharePercent").asDouble()).isPositive();
      }
    }
  }

  @Test
  void recordsEnvironmentSummaryAndRawDataWithWarmupApart() throws Exception {
    io.tunelab.tiers.RunJsonSchema.assertValid(runDir.resolve("run.json"));
    JsonNode env = run.path("environment");
    assertThat(env.path("postgresql").asText()).isNotBlank();
    assertThat(env.path("artemis").asText()).matches("\\d+\\.\\d+.*");
    assertThat(env.path("jmeter").asText()).matches("\\d+\\.\\d+.*");
    assertThat(env.path("wiremock").asText()).matches("\\d+\\.\\d+.*");
    assertThat(env.path("cores").asInt()).isPositive();
    assertThat(env.path("jvmFlags").path("middleware")).isNotEmpty();
    assertThat(env.path("stack").asText()).isEqualTo("embedded");

    Path rep1 = runDir.resolve("brm-50ms/rep-1");
    assertThat(rep1.resolve("load/results.jtl")).isRegularFile();
    assertThat(rep1.resolve("warmup/batch-1/results.jtl")).isRegularFile();
    // JMeter's dashboard of the measured JTL, one label per operation, linked from the report
    JsonNode statistics = JSON.readTree(rep1.resolve("load/dashboard/statistics.json").toFile());
    assertThat(statistics.fieldNames()).toIterable().containsExactlyInAnyOrder("publish", "Total");
    assertThat(rep1.resolve("warmup/batch-1/dashboard")).doesNotExist();
    assertThat(Files.readString(runDir.resolve("report.html")))
        .contains("brm-50ms/rep-1/load/dashboard/index.html");
    JsonNode warmup = run.path("steps").get(0).path("repetitions").get(0).path("warmup");
    assertThat(warmup.path("settled").asInt()).isEqualTo(warmup.path("orders").asInt());
    JsonNode steady = warmup.path("steadyState");
    // how many batches fit the warm-up's cap (20 s here) depends on the machine's speed (2 when two
    // test JVMs shared these cores): the record's shape is the subject, one figure per batch
    assertThat(steady.path("batchRatesPerMinute").size())
        .isEqualTo(steady.path("batchCpuMillisPerOrder").size())
        .isPositive();
    assertThat(steady.path("endedBy").asText()).isNotBlank();
    assertThat(Files.readString(runDir.resolve("summary.md")))
        .contains("| brm-50ms")
        .contains("## Measurement")
        .contains("**complete, valid**");
    assertThat(quickstart.stdout()).contains("| brm-25ms |");
  }

  @Test
  void everyMeasuredWindowIsRecordedWithJfrAndSummedUpInRunJsonAndSummary() throws Exception {
    for (JsonNode step : run.path("steps")) {
      for (JsonNode rep : step.path("repetitions")) {
        JsonNode profile = rep.path("profile");
        assertThat(profile.path("settings").asText()).as(rep.toString()).isEqualTo("default");
        assertThat(profile.path("seconds").asDouble()).isPositive();
        assertThat(profile.path("hotMethods")).isNotEmpty();
        assertThat(profile.path("allocations")).isNotEmpty();
        Path raw = runDir.resolve(rep.path("rawData").asText());
        assertThat(raw.resolve(profile.path("file").asText())).isNotEmptyFile();
        assertThat(raw.resolve("jfr.json")).isRegularFile();
        // the recorder started with the JVM, before its warm-up: its own start in no window
        assertThat(JSON.readTree(raw.resolve("gc.json").toFile()).path("recorderOnSinceJvmStart"))
            .as(raw.toString())
            .isEqualTo(com.fasterxml.jackson.databind.node.BooleanNode.TRUE);
      }
    }
    assertThat(Files.readString(runDir.resolve("summary.md")))
        .contains("## Beneath the numbers")
        .contains("### Beneath the numbers: brm-25ms");
    assertThat(Files.readString(runDir.resolve("report.html")))
        .contains("brm-50ms/rep-1/middleware.jfr");
  }

  @Test
  void theBrokerAndTheMocksJvmsAreRecordedFromTheirStartInEveryRepetition() throws Exception {
    for (JsonNode step : run.path("steps")) {
      for (JsonNode rep : step.path("repetitions")) {
        Path raw = runDir.resolve(rep.path("rawData").asText());
        assertThat(raw.resolve("broker.jfr")).isNotEmptyFile();
        JsonNode brokerGc = JSON.readTree(raw.resolve("broker-gc.json").toFile());
        assertThat(brokerGc.path("tier").asText()).isEqualTo("broker");
        assertThat(brokerGc.path("collector").asText()).as(raw.toString()).isNotEqualTo("unknown");
        // attached as the broker started, before the first warm-up: on in every window since
        assertThat(brokerGc.path("recorderOnSinceJvmStart").asBoolean())
            .as(raw.toString())
            .isTrue();
        assertThat(raw.resolve("broker-jfr.json")).doesNotExist(); // gc: collections only
        assertThat(raw.resolve("mocks.jfr")).isNotEmptyFile();
        JsonNode mocksGc = JSON.readTree(raw.resolve("mocks-gc.json").toFile());
        assertThat(mocksGc.path("tier").asText()).isEqualTo("mocks");
        assertThat(mocksGc.path("recorderOnSinceJvmStart").asBoolean()).as(raw.toString()).isTrue();
      }
    }
  }

  @Test
  void everyRepetitionIsObservedWithWarmupTaggedAndItsFindingsRecorded() throws Exception {
    StringBuilder cost =
        new StringBuilder("observer sampling thread, % of one core, per repetition:");
    for (JsonNode step : run.path("steps")) {
      for (JsonNode rep : step.path("repetitions")) {
        cost.append(' ').append(rep.path("observer").path("cpuPercentOfOneCore").asText());
        assertThat(rep.path("findings").isArray()).as(rep.toString()).isTrue();
        assertThat(rep.path("observer").path("samples").asInt()).isPositive();
        assertThat(rep.path("observer").path("cpuPercentOfOneCore").asDouble()).isPositive();
        Path raw = runDir.resolve(rep.path("rawData").asText());
        assertThat(raw.resolve("findings.json")).isRegularFile();
        assertThat(raw.resolve("db-snapshot.json")).isRegularFile();
        assertThat(Files.readString(raw.resolve("series.csv")))
            .contains(",measured,cpu.tier,middleware,")
            .contains(",measured,broker.messageCount,tunelab.intake,");
      }
    }
    // the quickstart warms up before each step's first repetition: observed, tagged warm-up
    assertThat(Files.readString(runDir.resolve("brm-50ms/rep-1/series.csv")))
        .contains(",warmup,cpu.tier,middleware,");
    assertThat(Files.readString(runDir.resolve("summary.md"))).contains("## Findings");
    // for the closing note, not bounded here (timing)
    Files.writeString(
        Files.createDirectories(Path.of("target/report-it")).resolve("observer-cost.txt"),
        cost.append('\n'));
  }

  @Test
  void reportShowsItsChartsInHeadlessChromiumWithoutConsoleErrors() throws Exception {
    HeadlessChromium.requireInstalled();
    Path page = runDir.resolve("report.html");
    assertThat(page).isRegularFile();
    Path work = Files.createDirectories(Path.of("target/report-it"));
    HeadlessChromium chromium = new HeadlessChromium(work);

    HeadlessChromium.Page loaded = chromium.load(page);
    Path screenshot = work.resolve("quickstart-report.png");
    chromium.screenshot(page, screenshot, 1280, 4000);

    assertThat(loaded.console()).as("console lines of the page").isEmpty();
    Matcher body =
        Pattern.compile("<body data-charts=\"(\\d+)\" data-charts-painted=\"(\\d+)\"")
            .matcher(loaded.dom());
    assertThat(body.find()).as("the page's own chart count on <body>").isTrue();
    // index and latency per step, the first step's warm-up, then per repetition (4): throughput,
    // CPU, memory, db sessions
    assertThat(Integer.parseInt(body.group(1))).isGreaterThanOrEqualTo(2 + 1 + 4 * 4);
    assertThat(body.group(2)).as("charts that painted pixels").isEqualTo(body.group(1));
    assertThat(loaded.dom())
        .contains("data-status=\"complete\"")
        .contains("Throughput: completions")
        .contains("Latency over time")
        .contains("Queue depths")
        .containsPattern("\\d of \\d repetitions counted")
        .contains("Warm-up before repetition 1: ")
        .containsPattern("backlog mode, \\d+ orders, steady window")
        .contains("href=\"brm-50ms/rep-1/load/results.jtl\"");
    assertThat(Files.size(screenshot)).isPositive();
  }

  @Test
  void reportCommandRebuildsThePage() throws Exception {
    Path page = runDir.resolve("report.html");
    Files.deleteIfExists(page);

    CliProcess.Result report = cli.run(Duration.ofMinutes(1), "report", runDir.toString());

    assertThat(report.exitCode()).as(report.stderr()).isZero();
    assertThat(Files.readString(page)).contains(run.path("runId").asText());
  }

  @Test
  void compareOfTheRunWithItselfFindsNoSignificantDifference() throws Exception {
    CliProcess.Result compare =
        cli.run(Duration.ofMinutes(1), "compare", runDir.toString(), runDir.toString());

    assertThat(compare.exitCode()).as(compare.stderr()).isZero();
    assertThat(compare.stdout())
        .contains("throughputPerMinute")
        .contains("latencyMillis.p999")
        .contains("p (Holm)")
        .contains("no significant difference")
        .doesNotContainPattern("(?m)  (better|worse)$");
  }

  @Test
  void leavesNoProcessRunning() {
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () -> {
              assertThat(TierProcesses.under(testRuntime.dir())).isEmpty();
            });
  }

  private static Path onlyRun(Path results) throws IOException {
    try (Stream<Path> runs = Files.list(results)) {
      List<Path> all = runs.filter(Files::isDirectory).toList();
      assertThat(all).as("run folders in " + results).hasSize(1);
      return all.get(0);
    }
  }

  private static List<String> texts(JsonNode array) {
    List<String> texts = new ArrayList<>();
    array.forEach(node -> texts.add(node.asText()));
    return texts;
  }
}
