package io.tunelab.core.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.measure.LatencySummary;
import io.tunelab.core.results.BatchOrderMeasures;
import io.tunelab.core.results.LatencyHistograms;
import io.tunelab.core.results.LatencyMillis;
import io.tunelab.core.results.Metrics;
import io.tunelab.core.results.OrderAccounting;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RequestMeasures;
import io.tunelab.core.results.RequestMetrics;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.StepResult;
import io.tunelab.core.results.Warmup;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * Thresholds as k6 and Taurus users write them, judged on runs: any percentile and the mean of a
 * step's every sample, one operation's figures, and a run against its own baseline step.
 */
class GateMeasureTest {
  /** Latencies from {@code from} to {@code from + 99} ms, one each. */
  private static Histogram latencies(int from) {
    Histogram h = new Histogram(3);
    for (int v = from; v < from + 100; v++) {
      h.recordValue(v);
    }
    return h;
  }

  private static Repetition orders(int n, double throughput, int from) {
    Histogram h = latencies(from);
    return Repetition.measured(
            n,
            true,
            "all orders accounted for",
            Metrics.of(throughput, LatencyMillis.of(h, h.getMaxValue()), 1),
            BatchOrderMeasures.of(
                new OrderAccounting(
                    100, 99, 1, 0, 0, Map.of("BRM CreateCustomer failed", 1L), Map.of())),
            new Warmup(5, 5, 1000),
            2000,
            "s/rep-" + n)
        .withLatencyHistogram(h);
  }

  private static Repetition soap(int n, long invoiceErrors, int invoiceFrom) {
    Histogram invoices = latencies(invoiceFrom);
    Histogram balances = latencies(10);
    LatencySummary invoiceStats =
        new LatencySummary(
            100, invoiceErrors, 600, invoiceFrom, invoiceFrom + 49.5, invoiceFrom + 99, 0, 0, 0, 0);
    LatencySummary balanceStats = new LatencySummary(100, 0, 600, 10, 59.5, 109, 0, 0, 0, 0);
    RequestMetrics requests =
        new RequestMetrics(
                "closed",
                200,
                200,
                invoiceErrors,
                invoiceErrors / 2.0,
                balanceStats,
                Map.of("GetBalanceSummary", balanceStats, "GetInvoiceList", invoiceStats),
                null,
                null)
            .withOperations(
                Map.of(
                    "GetBalanceSummary", LatencyHistograms.encode(balances),
                    "GetInvoiceList", LatencyHistograms.encode(invoices)),
                invoiceErrors == 0
                    ? Map.of()
                    : Map.of(
                        "GetInvoiceList", Map.of("500: Internal Server Error", invoiceErrors)));
    Histogram all = latencies(10);
    all.add(invoices);
    return Repetition.measured(
            n,
            true,
            "requests",
            Metrics.of(1200, LatencyMillis.of(all, all.getMaxValue()), invoiceErrors),
            new RequestMeasures(requests),
            new Warmup(5, 5, 1000),
            2000,
            "s/rep-" + n)
        .withLatencyHistogram(all);
  }

  private static StepResult step(String name, Repetition... reps) {
    return StepResult.of(name, Map.of(), Map.of(), List.of(), Map.of(), List.of(reps));
  }

  private static RunResult run(StepResult... steps) {
    return run("batch-order", "orders/min", steps);
  }

  private static RunResult soapRun(StepResult... steps) {
    return run("concurrent-soap", "requests/min", steps);
  }

  private static RunResult run(String plan, String unit, StepResult... steps) {
    RunResult run =
        new RunResult(
            "r",
            "x",
            "x.yaml",
            plan,
            unit,
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

  private static List<Check> judge(RunResult run, String... thresholds) {
    List<StepThreshold> gate = new ArrayList<>();
    for (String t : thresholds) {
      gate.add(StepThreshold.parse(t, "test"));
    }
    return Gate.evaluate(List.of(GateCase.againstItsStep("x", run, run.baseline(), gate)));
  }

  @Test
  void anyPercentileAndTheMeanAreOfEverySampleOfTheStep() {
    // two repetitions: 1..100 ms and 101..200 ms, merged: p95 190, mean 100.5
    RunResult run = run(step("s", orders(1, 900, 1), orders(2, 910, 101)));

    List<Check> checks =
        judge(run, "p95 < 190 ms", "p95 <= 190 ms", "mean < 101 ms", "p(75) < 1 s");

    assertThat(checks)
        .extracting(Check::status)
        .containsExactly(
            Check.Status.FAIL, Check.Status.PASS, Check.Status.PASS, Check.Status.PASS);
    assertThat(checks.get(0).value()).isEqualTo(190.0);
    assertThat(checks.get(2).value()).isCloseTo(100.5, org.assertj.core.data.Offset.offset(0.1));
    assertThat(checks.get(0).message()).isEqualTo("p95 is 190.0 ms: past 'p95 < 190 ms'");
  }

  @Test
  void anOperationsPercentileErrorsAndMeanAreItsOwn() {
    RunResult run = soapRun(step("s", soap(1, 3, 300), soap(2, 1, 300)));

    List<Check> checks =
        judge(
            run,
            "p95 of GetInvoiceList < 390 ms",
            "p95 of GetBalanceSummary < 110 ms",
            "errors of GetInvoiceList < 1%",
            "errors of GetBalanceSummary < 1%",
            "mean of GetBalanceSummary < 60 ms");

    assertThat(checks)
        .extracting(Check::status)
        .containsExactly(
            Check.Status.FAIL,
            Check.Status.PASS,
            Check.Status.FAIL,
            Check.Status.PASS,
            Check.Status.PASS);
    assertThat(checks.get(0).value()).isEqualTo(394.0);
    // 4 failed of 200 attempts
    assertThat(checks.get(2).value()).isEqualTo(2.0);
    assertThat(checks.get(2).message())
        .isEqualTo("errors of GetInvoiceList is 2.0%: past 'errors of GetInvoiceList < 1%'");
  }

  @Test
  void anOperationTheStepDoesNotHaveIsNotTestedNamingTheOnesItHas() {
    RunResult run = soapRun(step("s", soap(1, 0, 300), soap(2, 0, 300)));

    Check check = judge(run, "p95 of GetInvoices < 1 s").get(0);

    assertThat(check.status()).isEqualTo(Check.Status.NOT_TESTED);
    assertThat(check.message())
        .isEqualTo(
            "the step has no p95 of GetInvoices (the step has no operation 'GetInvoices'; its"
                + " operations: GetBalanceSummary, GetInvoiceList)");
  }

  @Test
  void aRunsRelativeThresholdComparesEachStepWithItsBaselineStep() {
    RunResult run =
        run(
            step("base", orders(1, 900, 1), orders(2, 905, 1), orders(3, 895, 1)),
            step("faster", orders(1, 1200, 1), orders(2, 1210, 1), orders(3, 1190, 1)),
            step("slower", orders(1, 600, 1), orders(2, 610, 1), orders(3, 590, 1)));

    List<Check> checks = judge(run, "throughput >= 90% of baseline");

    assertThat(checks).extracting(Check::step).containsExactly("faster", "slower");
    assertThat(checks)
        .extracting(Check::status)
        .containsExactly(Check.Status.PASS, Check.Status.FAIL);
    assertThat(checks.get(1).baseline()).isEqualTo(900.0);
  }
}
