package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.measure.LatencySummary;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** summary.md's per-operation and per-error tables, for a plan with operations and one without. */
class OperationsMarkdownTest {
  private static Histogram latencies(int from) {
    Histogram h = new Histogram(3);
    for (int v = from; v < from + 100; v++) {
      h.recordValue(v);
    }
    return h;
  }

  private static RunResult run(String plan, Repetition... reps) {
    RunResult run =
        new RunResult(
            "r",
            "x",
            "x.yaml",
            plan,
            "requests/min",
            RunResult.RUNNING,
            false,
            "2026-01-01T00:00:00Z",
            null,
            2,
            "s",
            null,
            List.of());
    run = run.withStep(StepResult.of("s", Map.of(), Map.of(), List.of(), Map.of(), List.of(reps)));
    return run.finished(RunResult.COMPLETE, "2026-01-01T00:10:00Z");
  }

  private static Repetition soap(int n, boolean valid) {
    LatencySummary stats = new LatencySummary(100, 2, 600, 300, 349.5, 399, 0, 0, 0, 0);
    RequestMetrics requests =
        new RequestMetrics(
                "closed", 100, 100, 2, 2, stats, Map.of("GetInvoiceList", stats), null, null)
            .withOperations(
                Map.of("GetInvoiceList", LatencyHistograms.encode(latencies(300))),
                Map.of("GetInvoiceList", Map.of("500: Internal Server Error", 2L)));
    return Repetition.measured(
            n,
            valid,
            valid ? "ok" : "INVALID",
            Metrics.of(600, LatencyMillis.of(latencies(300), 399), 2),
            new RequestMeasures(requests),
            new Warmup(5, 5, 1000),
            1000,
            "s/rep-" + n)
        .withLatencyHistogram(latencies(300));
  }

  @Test
  void soapOperationsGetTheirRowWithPercentilesOfEverySampleAndTheirErrorsCountedOverEveryRep() {
    String md =
        SummaryMarkdown.of(run("concurrent-soap", soap(1, true), soap(2, true), soap(3, false)));

    assertThat(md)
        .contains("## Per operation")
        // the two counted repetitions: 200 attempts, 4 errors, p95 of 1..100 + 300 twice
        .contains(
            "| s | GetInvoiceList | 200 | 4 (2.00%) | 600.0 | 350 | 349 | 389 | 394 | 398 | 399 |")
        .contains("## Errors")
        // every repetition, the invalid third too
        .contains("| s | GetInvoiceList | 500: Internal Server Error | 6 |");
  }

  @Test
  void aBatchOrderRunHasOneOperationTheOrderAndItsFaultReasons() {
    Repetition rep =
        Repetition.measured(
                1,
                true,
                "ok",
                Metrics.of(900, LatencyMillis.of(latencies(1), 100), 1),
                BatchOrderMeasures.of(
                    new OrderAccounting(
                        100, 99, 1, 0, 0, Map.of("BRM CreateCustomer: SOAP Fault", 1L), Map.of())),
                new Warmup(5, 5, 1000),
                1000,
                "s/rep-1")
            .withLatencyHistogram(latencies(1));

    String md = OperationsMarkdown.of(run("batch-order", rep));

    assertThat(md)
        .contains("| s | order | 100 | 1 (1.00%) | 900.0 | 51 | 50 | 90 | 95 | 99 | 100 |")
        .contains("| s | order | BRM CreateCustomer: SOAP Fault | 1 |");
  }
}
