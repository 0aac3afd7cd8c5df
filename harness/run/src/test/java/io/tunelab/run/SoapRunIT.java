package io.tunelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.measure.JtlRecord;
import io.tunelab.core.measure.LatencySummary;
import io.tunelab.core.results.LatencyHistograms;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RequestMeasures;
import io.tunelab.core.results.RequestMetrics;
import io.tunelab.core.results.RunFiles;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.StartCheck;
import io.tunelab.core.results.SteadyStateReport;
import io.tunelab.core.results.StepResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A tiny concurrent-soap experiment run end to end by the experiment runner on a real stack: a
 * closed step with the BRM mock at 120 ms, then an open-model step at 60 ms without warm-up (a live
 * change, no restart). Its run.json must say what its JTLs say, and the step's BRM latency must be
 * what the mock itself reports. The warm-up's requests leave no rows behind: the closed step
 * measures from the state the open step (no warm-up) starts from.
 */
class SoapRunIT {
  private static final Path RESULTS = Path.of("target/soap-run-it");
  private static final String EXPERIMENT =
      """
      name: soap-it
      plan: concurrent-soap
      repeat: 1
      workload:
        threads: 2
        loops: 4
        warmupLoops: 1
        steadyBatches: 2
        steadyTolerancePercent: 50
        # a cap the rule meets first: a round on two JMeter engines started for it took 33 s in a
        # verify on a busy host, and a cap of 30 s then ended the warm-up after one round
        warmupMaxSeconds: 120
        maxStealPercent: 100
        responseTimeoutMillis: 3000
      knobs:
        db.seed.customers: 20
      steps:
        - name: closed-brm-120
          knobs:
            mocks.brm.latency: 120
            workload.engines: 2
        - name: open-brm-60
          knobs:
            mocks.brm.latency: 60
            mocks.brm.faultKind: reset
            workload.model: open
            workload.arrivalsPerMinute: 240
            workload.durationSeconds: 3
            workload.warmupLoops: 0
      """;

  private static RunResult run;
  private static Path runDir;

  @BeforeAll
  static void runTheExperiment() throws Exception {
    EmbeddedRun done = EmbeddedRun.of("soap-it", EXPERIMENT, Sampler.NONE, RESULTS);
    run = done.result();
    runDir = done.dir();
  }

  @Test
  void runIsCompleteAndValidWithRequestsCountedNotOrders() throws Exception {
    assertThat(run.status()).isEqualTo(RunResult.COMPLETE);
    assertThat(run.valid()).as(RunFiles.json(run)).isTrue();
    assertThat(run.throughputUnit()).isEqualTo("requests/min");
    JsonNode json = new ObjectMapper().readTree(runDir.resolve(RunFiles.RUN_JSON).toFile());
    io.tunelab.tiers.RunJsonSchema.assertValid(runDir.resolve(RunFiles.RUN_JSON));
    JsonNode closed = json.path("steps").get(0);
    assertThat(closed.has("accounting")).as("no order accounting for SOAP").isFalse();
    assertThat(closed.path("repetitions").get(0).path("requests").path("requests").asLong())
        .isEqualTo(24);
    assertThat(
            io.tunelab.core.measure.JtlRecord.read(
                    runDir.resolve("closed-brm-120/rep-1/load/results.jtl"))
                .stream()
                .map(record -> record.engine().orElseThrow())
                .distinct())
        .as("the two users split over two JMeter engines")
        .hasSize(2);
    assertThat(Files.readString(runDir.resolve(RunFiles.SUMMARY_MD)))
        .contains("requests (answered/errors)")
        .contains("| 24/0 |");
  }

  @Test
  void theMeasuredRequestsStartFromTheStateAStepWithoutWarmupStartsFrom() {
    StartCheck afterWarmup = repetition("closed-brm-120").protocolOrNone().startState();
    StartCheck withoutWarmup = repetition("open-brm-60").protocolOrNone().startState();
    assertThat(afterWarmup).isNotNull();
    assertThat(afterWarmup.deadRows()).isZero();
    assertThat(afterWarmup.digest())
        .as("the closed step's start state, after a warm-up that wrote instances")
        .isEqualTo(withoutWarmup.digest());
  }

  @Test
  void closedStepMetricsAreTheStatisticsOfItsJtlWithTheWarmupApart() throws Exception {
    Repetition rep = repetition("closed-brm-120");
    List<JtlRecord> samples =
        JtlRecord.read(runDir.resolve(rep.rawData()).resolve("load/results.jtl"));
    // 2 users x 4 loops x 3 queries measured; the warm-up's rounds of 2 x 1 x 3 in no statistic,
    // at least two (workload.steadyBatches), until steady or 120 s
    SteadyStateReport steady = rep.warmup().steadyState();
    int rounds = steady.batchRatesPerMinute().size();
    assertThat(rounds).isGreaterThanOrEqualTo(2);
    for (int round = 1; round <= rounds; round++) {
      Path jtl = runDir.resolve(rep.rawData()).resolve("warmup/round-" + round + "/results.jtl");
      assertThat(JtlRecord.read(jtl)).as(jtl.toString()).hasSize(6);
    }
    assertThat(rep.warmup().requests()).isEqualTo(6 * rounds);
    assertThat(steady.orders()).isEqualTo(6 * rounds);
    assertThat(steady.batchRatesPerMinute()).allMatch(rate -> rate > 0);
    // each round's middleware CPU per answered request is read, so the rule can judge it too
    assertThat(steady.batchCpuMillisPerOrder())
        .hasSize(rounds)
        .allMatch(cpu -> cpu != null && cpu > 0);
    assertThat(steady.rule()).contains("the middleware's CPU per request");
    // the experiment's rule, not the defaults (3 batches, 10%)
    assertThat(steady.rule()).contains("over the last 2 warm-up rounds").contains("by at most 50%");
    assertThat(rep.steady()).isEqualTo(steady.reached());
    assertThat(samples).hasSize(24).allMatch(JtlRecord::success);
    assertThat(requests(rep).requests()).isEqualTo(24);
    assertThat(requests(rep).planned()).isEqualTo(24);
    assertThat(rep.metrics().errors()).isZero();
    List<Long> sorted = samples.stream().map(JtlRecord::elapsedMillis).sorted().toList();
    assertThat(rep.metrics().latencyMillis().p50()).isEqualTo((double) sorted.get(11));
    assertThat(rep.metrics().latencyMillis().p99()).isEqualTo((double) sorted.get(23));
    assertThat(rep.metrics().latencyMillis().max()).isEqualTo((double) sorted.get(23));
    assertThat(rep.metrics().latencyMillis().p999()).isEqualTo((double) sorted.get(23));
    assertThat(LatencyHistograms.decode(rep.latencyHistogram()).getTotalCount()).isEqualTo(24);
    assertThat(runDir.resolve(rep.rawData()).resolve(LatencyHistograms.HLOG)).isRegularFile();
    long first = samples.stream().mapToLong(JtlRecord::timeStampMillis).min().orElseThrow();
    long last = samples.stream().mapToLong(JtlRecord::endMillis).max().orElseThrow();
    assertThat(rep.metrics().throughputPerMinute())
        .isCloseTo(24 * 60_000.0 / (last - first), org.assertj.core.data.Offset.offset(1e-6));
    assertThat(requests(rep).byOperation())
        .containsOnlyKeys("GetBalanceSummary", "GetInvoiceList", "GetUnbilledUsage")
        .allSatisfy((operation, stats) -> assertThat(stats.requests()).isEqualTo(8));
    assertThat(runDir.resolve(rep.rawData()).resolve("load/dashboard/index.html")).isRegularFile();
  }

  @Test
  void eachStepsBrmLatencyReachedTheMock() {
    StepResult closed = run.step("closed-brm-120").orElseThrow();
    StepResult open = run.step("open-brm-60").orElseThrow();

    assertThat(brmLatency(closed)).isEqualTo("120");
    assertThat(brmLatency(open)).isEqualTo("60");
    assertThat(open.restarted()).as("a mock latency is set live").isEmpty();
    // the fault kind too (its rate stays 0 here, so no answer fails)
    assertThat(brm(closed).get("faultKind")).isEqualTo("soap");
    assertThat(brm(open).get("faultKind")).isEqualTo("reset");
    // No answer came sooner than the mock's latency: it applied to every operation.
    assertThat(requests(repetition("closed-brm-120")).byOperation().values())
        .extracting(LatencySummary::minMillis)
        .allSatisfy(min -> assertThat(min).isGreaterThanOrEqualTo(120));
    assertThat(requests(repetition("open-brm-60")).overall().minMillis())
        .isGreaterThanOrEqualTo(60);
  }

  @Test
  void openStepRecordsTheTargetAndAchievedArrivalRate() {
    Repetition rep = repetition("open-brm-60");

    assertThat(requests(rep).model()).isEqualTo("open");
    assertThat(requests(rep).targetArrivalsPerMinute()).isEqualTo(240.0);
    assertThat(requests(rep).achievedArrivalsPerMinute()).isPositive();
    assertThat(requests(rep).requests()).isPositive().isEqualTo(requests(rep).overall().requests());
    assertThat(requests(rep).requests() % 3).as("three queries an arrival").isZero();
    assertThat(rep.verdict()).contains("arrivals/min achieved of 240 targeted");
    assertThat(rep.warmup()).as("workload.warmupLoops 0: no warm-up").isNull();
  }

  private static String brmLatency(StepResult step) {
    return String.valueOf(brm(step).get("latency"));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> brm(StepResult step) {
    return (Map<String, Object>) step.readBack().get("mocks.brm");
  }

  private static Repetition repetition(String step) {
    return run.step(step).orElseThrow().repetitions().get(0);
  }

  /** A concurrent-soap repetition's request counts: its measures are the plan's own. */
  private static RequestMetrics requests(Repetition rep) {
    assertThat(rep.measures()).isInstanceOf(RequestMeasures.class);
    return ((RequestMeasures) rep.measures()).requests();
  }
}
