package io.tunelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.findings.Finding;
import io.tunelab.core.findings.FindingKind;
import io.tunelab.core.measure.ArrivalAnalysis;
import io.tunelab.core.measure.DeadlineMisses;
import io.tunelab.core.measure.JtlRecord;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RequestMeasures;
import io.tunelab.core.results.RequestMetrics;
import io.tunelab.core.results.RunFiles;
import io.tunelab.core.results.RunLayout;
import io.tunelab.core.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A short sort-requests run end to end on a real stack at 20 requests/s, a rate this machine keeps
 * easily: every request in the JTL is answered or counted as failed, the achieved arrival rate is
 * recorded beside the target, and the deadline misses are the JTL's own count. The deadline is set
 * at 2 ms, under the median answer (about 3 ms on the 2-core machine we test on, where 25 ms was
 * never missed), so that misses and their finding show; the assertions hold whatever the machine's
 * speed. Observed, so that misses over the limit are checked as a finding too.
 */
class SortRunIT {
  private static final Path RESULTS = Path.of("target/sort-run-it");
  private static final int DEADLINE_MILLIS = 2;
  private static final String EXPERIMENT =
      """
      name: sort-it
      plan: sort-requests
      repeat: 1
      workload:
        arrivalsPerMinute: 1200
        durationSeconds: 6
        warmupSeconds: 3
        steadyBatches: 2
        steadyTolerancePercent: 50
        warmupMaxSeconds: 40
        maxStealPercent: 100
        responseTimeoutMillis: 10000
        deadlineMillis: %d
        maxMissPercent: 1
        mix: "2:1:1"
        rescanPercent: 20
        rescanAfterSeconds: 1
      knobs:
        db.seed.customers: 20
        middleware.sort.sql: bind
        middleware.sort.parseIn: middleware
      steps:
        - name: tuned
      """
          .formatted(DEADLINE_MILLIS);

  private static RunResult run;
  private static Path runDir;

  @BeforeAll
  static void runTheExperiment() throws Exception {
    EmbeddedRun done = EmbeddedRun.of("sort-it", EXPERIMENT, new ObserverSampler(), RESULTS);
    run = done.result();
    runDir = done.dir();
  }

  @Test
  void everyRequestIsAnsweredOrCountedAsFailedAtTheAchievedRate() throws Exception {
    assertThat(run.status()).isEqualTo(RunResult.COMPLETE);
    io.tunelab.tiers.RunJsonSchema.assertValid(runDir.resolve(RunFiles.RUN_JSON));
    assertThat(run.throughputUnit()).isEqualTo("requests/min");
    Repetition rep = repetition();
    List<JtlRecord> samples = samples(rep);
    RequestMetrics requests = ((RequestMeasures) rep.measures()).requests();
    // about 120 Poisson arrivals in 6 s
    assertThat(samples).hasSizeBetween(60, 200);
    assertThat(requests.requests()).isEqualTo(samples.size());
    assertThat(requests.errors()).isEqualTo(samples.stream().filter(s -> !s.success()).count());
    assertThat(requests.byOperation()).isNotEmpty();
    assertThat(requests.byOperation().keySet()).isSubsetOf("SC", "DM", "MX");
    assertThat(requests.byOperation().values().stream().mapToLong(op -> op.requests()).sum())
        .isEqualTo(samples.size());
    assertThat(requests.targetArrivalsPerMinute()).isEqualTo(1200.0);
    assertThat(requests.achievedArrivalsPerMinute())
        .isCloseTo(ArrivalAnalysis.achievedPerMinute(samples).getAsDouble(), Offset.offset(1e-6));
    assertThat(rep.verdict()).contains("arrivals/min achieved of 1200 targeted");
    assertThat(rep.valid()).as(rep.verdict()).isEqualTo(requests.errors() == 0);
    assertThat(rep.warmup().steadyState().rule())
        .contains("60,000 / the middleware JVM's CPU ms per request");
    // judged on CPU per request, each round has a figure: none of them 0 (CPU unread)
    assertThat(rep.warmup().steadyState().batchRatesPerMinute()).isNotEmpty().allMatch(t -> t > 0);
  }

  @Test
  void theDeadlineMissesAreTheJtlsOwnCount() throws Exception {
    Repetition rep = repetition();
    List<JtlRecord> samples = samples(rep);
    DeadlineMisses deadline = ((RequestMeasures) rep.measures()).deadline();
    long late =
        samples.stream().filter(s -> s.success() && s.elapsedMillis() > DEADLINE_MILLIS).count();
    long failed = samples.stream().filter(s -> !s.success()).count();
    assertThat(deadline.deadlineMillis()).isEqualTo(DEADLINE_MILLIS);
    assertThat(deadline.requests()).isEqualTo(samples.size());
    assertThat(deadline.late()).isEqualTo(late);
    assertThat(deadline.failed()).isEqualTo(failed);
    assertThat(deadline.missPercent())
        .isCloseTo(100.0 * (late + failed) / samples.size(), Offset.offset(1e-9));
    assertThat(rep.verdict().contains("DEADLINE MISSES")).isEqualTo(deadline.missPercent() > 1);
    assertThat(RunFiles.json(run)).contains("\"deadline\"");
  }

  @Test
  void missesOverTheLimitAreAFindingWithTheSlowestStatements() throws Exception {
    Repetition rep = repetition();
    DeadlineMisses deadline = ((RequestMeasures) rep.measures()).deadline();
    String findings = Files.readString(runDir.resolve(rep.rawData()).resolve(RunLayout.FINDINGS));
    List<Finding> deadlineFindings =
        rep.findings().stream().filter(f -> f.kind() == FindingKind.DEADLINE_MISSES).toList();

    if (deadline.overLimit()) {
      assertThat(findings).contains("DEADLINE_MISSES");
      assertThat(deadlineFindings)
          .singleElement()
          .satisfies(
              f -> {
                assertThat(f.message())
                    .contains(
                        String.format(
                            Locale.ROOT,
                            "of %,d requests missed the %d ms deadline: %,d late, %,d failed",
                            deadline.requests(),
                            DEADLINE_MILLIS,
                            deadline.late(),
                            deadline.failed()));
                assertThat(f.evidence()).anyMatch(line -> line.contains("sort_"));
              });
    } else {
      assertThat(deadlineFindings).isEmpty();
    }
  }

  private static Repetition repetition() {
    return run.step("tuned").orElseThrow().repetitions().get(0);
  }

  private static List<JtlRecord> samples(Repetition rep) throws Exception {
    return JtlRecord.read(runDir.resolve(rep.rawData()).resolve("load/results.jtl"));
  }
}
