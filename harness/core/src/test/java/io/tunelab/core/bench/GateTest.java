package io.tunelab.core.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.results.BatchOrderMeasures;
import io.tunelab.core.results.LatencyMillis;
import io.tunelab.core.results.Metrics;
import io.tunelab.core.results.OrderAccounting;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.StepResult;
import io.tunelab.core.results.Warmup;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GateTest {
  private static final String WHERE = "test";

  /** A repetition of 100 orders with this throughput, p99 and faulted orders. */
  private static Repetition rep(int n, double throughput, double p99, int faulted) {
    return Repetition.measured(
        n,
        true,
        "all orders accounted for",
        Metrics.of(throughput, new LatencyMillis(p99 / 3, p99 / 2, p99, p99 * 1.2), faulted),
        BatchOrderMeasures.of(new OrderAccounting(100, 100 - faulted, faulted, 0, 0)),
        new Warmup(5, 5, 1000),
        2000,
        "step/rep-" + n);
  }

  static StepResult step(String name, double p99, double... throughputs) {
    List<Repetition> reps = new ArrayList<>();
    for (int i = 0; i < throughputs.length; i++) {
      reps.add(rep(i + 1, throughputs[i], p99 + i, i == 0 ? 2 : 0));
    }
    return StepResult.of(name, Map.of(), Map.of(), List.of(), Map.of(), reps);
  }

  static RunResult run(String id, StepResult... steps) {
    RunResult run =
        new RunResult(
            id,
            "x",
            "x.yaml",
            "batch-order",
            "orders/min",
            RunResult.RUNNING,
            false,
            "2026-01-01T00:00:00Z",
            null,
            3,
            steps[0].name(),
            null,
            List.of());
    for (StepResult s : steps) {
      run = run.withStep(s);
    }
    return run.finished(RunResult.COMPLETE, "2026-01-01T00:10:00Z");
  }

  static List<StepThreshold> thresholds(String step, String... texts) {
    return java.util.Arrays.stream(texts)
        .map(t -> new StepThreshold(step, Threshold.parse(t, WHERE)))
        .toList();
  }

  private static final RunResult BASE = run("a", step("baseline", 400, 900, 910, 890, 905, 895));

  @Test
  void aStepThreeTimesSlowerIsARegressionNamingTheStepTheMetricAndBothNumbers() {
    RunResult slow = run("b", step("baseline", 1200, 300, 305, 298, 302, 296));

    List<Check> checks =
        Gate.evaluate(
            List.of(
                new GateCase(
                    "quickstart",
                    slow,
                    BASE,
                    thresholds("*", "throughput >= 95% of baseline", "p99 <= 110% of baseline"))));

    assertThat(checks).hasSize(2).allMatch(c -> c.status() == Check.Status.FAIL);
    Check throughput = checks.get(0);
    assertThat(throughput.step()).isEqualTo("baseline");
    assertThat(throughput.value()).isCloseTo(300.2, org.assertj.core.data.Offset.offset(0.01));
    assertThat(throughput.baseline()).isCloseTo(900, org.assertj.core.data.Offset.offset(0.01));
    assertThat(throughput.message())
        .startsWith("throughput 300.2 vs the baseline's 900.0 orders/min: 0.334x [")
        .contains("(limit >= 0.950), p Holm ")
        .endsWith("a regression: past the limit and significant");
    assertThat(Gate.failed(checks)).isTrue();
  }

  @Test
  void aChangeWithinNoiseNeverFailsEvenPastTheLimit() {
    // means 900 vs 846 (0.94x, past 95%), but the spread is wide: no significant difference
    RunResult noisy = run("b", step("baseline", 400, 600, 1100, 700, 1000, 830));

    List<Check> checks =
        Gate.evaluate(
            List.of(
                new GateCase("q", noisy, BASE, thresholds("*", "throughput >= 95% of baseline"))));

    assertThat(checks.get(0).status()).isEqualTo(Check.Status.PASS);
    assertThat(checks.get(0).comparison().ratio()).isLessThan(0.95);
    assertThat(checks.get(0).message())
        .endsWith("past the limit but within noise, not a regression");
  }

  @Test
  void aSignificantChangeWithinTheLimitPasses() {
    RunResult slightlySlower = run("b", step("baseline", 400, 880, 889, 871, 884, 876));

    Check check =
        Gate.evaluate(
                List.of(
                    new GateCase(
                        "q",
                        slightlySlower,
                        BASE,
                        thresholds("*", "throughput >= 95% of baseline"))))
            .get(0);

    assertThat(check.status()).isEqualTo(Check.Status.PASS);
    assertThat(check.comparison().significant()).isTrue();
    assertThat(check.message()).endsWith("worse, but within the limit");
  }

  @Test
  void holmAcrossTheSuiteKeepsAMarginalChangeFromFailingWhenManyThresholdsAreJudged() {
    // 0.967x: alone p is about 0.02 (significant); among 10 judged, Holm lifts it over 0.05
    RunResult marginal = run("b", step("baseline", 400, 865, 900, 855, 880, 850));
    GateCase alone =
        new GateCase("q", marginal, BASE, thresholds("*", "throughput >= 97% of baseline"));
    List<GateCase> suite = new ArrayList<>(List.of(alone));
    for (int i = 0; i < 9; i++) {
      suite.add(
          new GateCase("same-" + i, BASE, BASE, thresholds("*", "throughput >= 97% of baseline")));
    }

    Check single = Gate.evaluate(List.of(alone)).get(0);
    Check inSuite = Gate.evaluate(suite).get(0);

    assertThat(single.status()).isEqualTo(Check.Status.FAIL);
    assertThat(inSuite.status()).isEqualTo(Check.Status.PASS);
    assertThat(inSuite.comparison().pAdjusted()).isGreaterThan(single.comparison().pAdjusted());
  }

  @Test
  void absoluteThresholdsTestTheStepsValue() {
    List<Check> checks =
        Gate.evaluate(
            List.of(
                new GateCase(
                    "q",
                    BASE,
                    (RunResult) null,
                    thresholds(
                        "baseline",
                        "throughput >= 850",
                        "throughput >= 950",
                        "p99 < 2 s",
                        "p99 < 300 ms",
                        "errors < 1%",
                        "errors < 0.1%"))));

    assertThat(checks)
        .extracting(Check::status)
        .containsExactly(
            Check.Status.PASS,
            Check.Status.FAIL,
            Check.Status.PASS,
            Check.Status.FAIL,
            Check.Status.PASS,
            Check.Status.FAIL);
    // median throughput of 900, 910, 890, 905, 895
    assertThat(checks.get(1).value()).isEqualTo(900.0);
    assertThat(checks.get(1).message())
        .isEqualTo("throughput is 900.0 orders/min: past 'throughput >= 950'");
    // 2 faulted of 500 submitted
    assertThat(checks.get(5).value()).isCloseTo(0.4, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(checks.get(5).message()).isEqualTo("errors is 0.400%: past 'errors < 0.1%'");
  }

  @Test
  void whatCannotBeJudgedIsNotTestedAndSaysWhy() {
    RunResult one = run("b", step("baseline", 400, 900));
    List<Check> checks =
        Gate.evaluate(
            List.of(
                new GateCase(
                    "q", BASE, (RunResult) null, thresholds("*", "throughput >= 95% of baseline")),
                new GateCase("q", BASE, BASE, thresholds("tuned", "p99 < 2000 ms")),
                new GateCase("q", one, BASE, thresholds("*", "throughput >= 95% of baseline")),
                new GateCase("q", BASE, BASE, thresholds("*", "cpuPerUnit < 20 ms"))));

    assertThat(checks).allMatch(c -> c.status() == Check.Status.NOT_TESTED);
    assertThat(checks)
        .extracting(Check::message)
        .containsExactly(
            "there is no baseline to compare with",
            "the run has no step 'tuned'",
            "throughput is 1.000x the baseline, but 5/1 repetitions cannot tell a change from noise"
                + " (need 2 or more on each side)",
            "the step has no cpuPerUnit (cost per unit needs the observer, and statements"
                + " pg_stat_statements)");
    assertThat(Gate.failed(checks)).isFalse();
  }

  @Test
  void everyStepIsCheckedAndAChangeOfTheOtherStepDoesNotCount() {
    RunResult a =
        run("a", step("baseline", 400, 900, 910, 890), step("tuned", 300, 1200, 1210, 1190));
    RunResult b = run("b", step("baseline", 400, 905, 895, 900), step("tuned", 300, 600, 610, 590));

    List<Check> checks =
        Gate.evaluate(
            List.of(new GateCase("q", b, a, thresholds("*", "throughput >= 90% of baseline"))));

    assertThat(checks).extracting(Check::step).containsExactly("baseline", "tuned");
    assertThat(checks)
        .extracting(Check::status)
        .containsExactly(Check.Status.PASS, Check.Status.FAIL);
  }
}
