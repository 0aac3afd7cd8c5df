package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One batch-order run of three steps, as a user runs it, read by two tests: the fetcher intake fed
 * by the load tier (the plan's inbox sink), one starved fetcher and three, and a step whose
 * completion rate cannot settle within its warm-up's cap. One run instead of two: a run's stack,
 * controller and load JVM cost verify about 20 s of CPU, and the steps are independent (each runs
 * on its own middleware, warmed up on its own). Steal from the hypervisor is not judged
 * (maxStealPercent 100): a disturbed repetition would be measured again and called DISTURBED, which
 * is another test's subject.
 */
class BatchOrderRunIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static TestRuntime runtime;
  private static CliProcess.Result result;
  private static Path runDir;
  private static JsonNode steps;

  /** JMeter engines the test starts, as one would on other hosts (workload.engineHosts). */
  private static io.tunelab.tiers.jmeter.JmeterEngines named;

  private static java.util.List<String> namedAddresses;

  /** What a stand-in InfluxDB was sent by JMeter's backend listener (workload.influxdbUrl). */
  private static final java.util.List<String> INFLUXDB_WRITES =
      new java.util.concurrent.CopyOnWriteArrayList<>();

  @BeforeAll
  static void run() throws Exception {
    runtime = new TestRuntime();
    com.sun.net.httpserver.HttpServer influxdb =
        com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
    influxdb.createContext(
        "/write",
        exchange -> {
          INFLUXDB_WRITES.add(
              new String(
                  exchange.getRequestBody().readAllBytes(),
                  java.nio.charset.StandardCharsets.UTF_8));
          exchange.sendResponseHeaders(204, -1);
          exchange.close();
        });
    influxdb.start();
    named =
        new io.tunelab.tiers.jmeter.JmeterEngines(
            io.tunelab.tiers.TunelabHome.locate(),
            io.tunelab.tiers.jmeter.LocalJmeter.DEFAULT_JVM_FLAGS,
            java.util.OptionalLong.of(ProcessHandle.current().pid()),
            runtime.dir().resolve("named-engines"));
    namedAddresses = named.addresses(2);
    Path out = runtime.dir().resolve("results");
    Path experiment = runtime.dir().resolve("batch-order.yaml");
    Files.writeString(
        experiment,
        """
        plan: batch-order
        repeat: 1
        workload:
          orders: 30
          threads: 2
          mix: "1:0:0"
          warmupOrders: 10
          warmupMaxOrders: 10
          minMeasuredSeconds: 0
          maxStealPercent: 100
        knobs:
          db.seed.customers: 100
        steps:
          # the inbox filled by two engines someone else started, as on other hosts
          - name: starved
            knobs:
              workload.engineHosts: "ENGINE_HOSTS"
              workload.controllerHost: "localhost"
              middleware.intake: fetcher
              middleware.fetcher.poolSize: 2
              middleware.fetcher.pollingMillis: 400
          # three fetchers on each of two middleware instances, the orders inserted by two
          # JMeter engines: every order inserted once and taken once over the JVMs
          - name: three
            knobs:
              middleware.intake: fetcher
              middleware.fetchers: 3
              middleware.fetcher.poolSize: 10
              middleware.fetcher.pollingMillis: 200
              middleware.instances: 2
              workload.engines: 2
              workload.influxdbUrl: "INFLUXDB_URL"
          # a steadiness tolerance of 0.1% cannot be met by windows of 20 orders on any machine,
          # so the cap is what ends this warm-up; a step builds on the one before it, and the
          # queue intake puts it on a middleware of its own, warmed up by its own rules
          - name: unsteady
            knobs:
              middleware.intake: jms
              workload.orders: 20
              workload.mode: rate
              workload.arrivalsPerMinute: 600
              workload.warmupMaxOrders: 60
              workload.warmupMaxSeconds: 600
              workload.steadyBatches: 3
              workload.steadyTolerancePercent: 0.1
        """
            .replace("ENGINE_HOSTS", String.join(",", namedAddresses))
            .replace(
                "INFLUXDB_URL",
                "http://127.0.0.1:" + influxdb.getAddress().getPort() + "/write?db=jmeter"));
    result =
        new CliProcess(runtime.dir())
            .run(Duration.ofMinutes(6), "run", experiment.toString(), "--out", out.toString());
    influxdb.stop(0);
    named.close();
    runDir = TestRuntime.onlyRun(out);
    steps = JSON.readTree(Files.readString(runDir.resolve("run.json"))).path("steps");
  }

  @AfterAll
  static void cleanUp() throws Exception {
    if (runtime != null) {
      runtime.close();
    }
  }

  @Test
  void oneAndThreeFetchersTakeEveryOrderOnceAndTheStarvedOneIsNamed() throws Exception {
    assertThat(result.exitCode()).as(result.stderr()).isZero();
    io.tunelab.tiers.RunJsonSchema.assertValid(runDir.resolve("run.json"));
    for (String name : new String[] {"starved", "three"}) {
      JsonNode rep = step(name).path("repetitions").path(0);
      JsonNode accounting = rep.path("accounting");
      assertThat(rep.path("valid").asBoolean()).as(rep.path("verdict").asText()).isTrue();
      assertThat(accounting.path("submitted").asInt()).isEqualTo(30);
      assertThat(accounting.path("completed").asInt()).isEqualTo(30);
      assertThat(accounting.path("lost").asInt()).isZero();
      assertThat(accounting.path("duplicated").asInt()).as("processed twice").isZero();
      assertThat(rep.path("window").path("mode").asText()).isEqualTo("backlog");
    }
    String starvedSeries = Files.readString(runDir.resolve("starved/rep-1/series.csv"));
    assertThat(starvedSeries)
        .contains(",middleware.fetcher.polls,middleware,")
        .contains(",middleware.fetcher.poolSize,middleware,2")
        .contains(",db.inbox,NEW,");
    assertThat(Files.readString(runDir.resolve("three/rep-1/series.csv")))
        .contains(",middleware.fetcher.fetchers,middleware,3");
    assertThat(runDir.resolve("three/middleware/instance-2/middleware.log")).isNotEmptyFile();
    assertThat(
            io.tunelab.core.measure.JtlRecord.read(runDir.resolve("starved/rep-1/load/results.jtl"))
                .stream()
                .map(record -> record.engine().orElseThrow())
                .distinct())
        .as("the named engines sent the starved step's orders")
        .containsExactlyInAnyOrderElementsOf(namedAddresses);
    assertThat(runDir.resolve("starved/rep-1/load/jmeter.log"))
        .as("workload.controllerHost reached the load JVM's RMI")
        .content()
        .contains("the controller of 2 engines listens on localhost");
    assertThat(runDir.resolve("three/rep-1/load/jmeter.log"))
        .as("this host's engines take the address already bound")
        .content()
        .contains("listens on localhost");
    assertThat(
            io.tunelab.core.measure.JtlRecord.read(runDir.resolve("three/rep-1/load/results.jtl"))
                .stream()
                .map(record -> record.engine().orElseThrow())
                .distinct())
        .as("both engines inserted orders")
        .hasSize(2);
    assertThat(String.join("\n", INFLUXDB_WRITES))
        .as("the step's knob reached JMeter's backend listener")
        .contains("jmeter,application=batch-order/three,transaction=insert");
    assertThat(Files.readString(runDir.resolve("starved/rep-1/findings.json")))
        .contains("FETCHER_LIMIT")
        .contains("their polls came back full (2 orders each)");
  }

  /**
   * A step whose completion rate cannot settle within the warm-up's cap gets the verdict "no steady
   * state" for the repetition measured after it, not a number that looks fine.
   */
  @Test
  void aRepetitionAfterAWarmupThatNeverSettledIsJudgedNoSteadyState() throws Exception {
    // every order is accounted for: the run is valid, and says it measured no steady state
    assertThat(result.exitCode()).as(result.stderr()).isZero();
    assertThat(result.stderr()).contains("unsteady rep 1: warm-up NO STEADY STATE");
    JsonNode rep = step("unsteady").path("repetitions").path(0);
    assertThat(rep.path("valid").asBoolean()).isTrue();
    assertThat(rep.path("steady").asBoolean(true)).isFalse();
    assertThat(rep.path("verdict").asText()).startsWith("NO STEADY STATE (");
    assertThat(Files.readString(runDir.resolve("summary.md")))
        .contains("| unsteady **NO STEADY STATE** |")
        .containsPattern("\\*\\*NO STEADY STATE\\*\\* in [a-z, ]*unsteady");
    JsonNode steady = rep.path("warmup").path("steadyState");
    assertThat(steady.path("reached").asBoolean()).isFalse();
    assertThat(steady.path("endedBy").asText())
        .isEqualTo("workload.warmupMaxOrders (60) orders were sent");
    assertThat(steady.path("shape").asText()).isEqualTo("NONE");
    // three warm-up batches the size of the measured one (20 orders)
    assertThat(steady.path("batchRatesPerMinute")).hasSize(3);
    assertThat(rep.path("warmup").path("orders").asInt()).isEqualTo(60);
    assertThat(
            Math.max(
                steady.path("cvPercent").asDouble(),
                Math.abs(steady.path("trendPercent").asDouble())))
        .as("the rule's own figures say why it was not steady")
        .isGreaterThan(0.1);
    // the measured batch still ran and every order is accounted for
    assertThat(rep.path("accounting").path("completed").asInt()).isEqualTo(20);
    JsonNode window = rep.path("window");
    assertThat(window.path("mode").asText()).isEqualTo("rate");
    assertThat(window.path("latencyFrom").asText()).isEqualTo("due");
    JsonNode arrivals = window.path("arrivals");
    assertThat(arrivals.path("targetPerMinute").asInt()).isEqualTo(600);
    assertThat(arrivals.path("planned").asInt()).isEqualTo(20);
    assertThat(arrivals.path("attempted").asInt()).isEqualTo(20);
    assertThat(arrivals.path("failed").asInt()).isZero();
    // 20 orders due 100 ms apart: a late start of one send moves the achieved rate a little
    assertThat(arrivals.path("achievedPerMinute").asDouble()).isBetween(480.0, 720.0);
    assertThat(arrivals.path("plannedSpanMillis").asLong()).isEqualTo(1900);
  }

  private static JsonNode step(String name) {
    for (JsonNode step : steps) {
      if (step.path("name").asText().equals(name)) {
        return step;
      }
    }
    throw new AssertionError("no step " + name + " in run.json");
  }
}
