package io.tunelab.run.plans.soap;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.measure.JtlRecord;
import io.tunelab.core.measure.SoapStats;
import io.tunelab.tiers.jmeter.LoadRun;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a concurrent-soap run's JTL statistics become run.json metrics and a verdict. */
class SoapOutcomeTest {
  private static final URI URL = URI.create("http://127.0.0.1:41235/BillingCare");
  private static final List<String> OPERATIONS =
      List.of("GetBalanceSummary", "GetInvoiceList", "GetUnbilledUsage");

  @TempDir Path dir;
  private Path csv;

  @BeforeEach
  void customers() throws IOException {
    csv = dir.resolve("customers.csv");
    Files.writeString(csv, BillingCustomers.HEADER + "\n1-ABC,0.0.0.1 /account 1,2\n");
  }

  /** {@code iterations} x the three queries, one every 100 ms, elapsed 10, 20, 30 ... ms. */
  private static List<JtlRecord> samples(int iterations, int failed) {
    List<JtlRecord> samples = new ArrayList<>();
    for (int i = 0; i < iterations * 3; i++) {
      boolean ok = i >= failed;
      samples.add(
          new JtlRecord(
              1_000 + 100L * i,
              10L * (i + 1),
              OPERATIONS.get(i % 3),
              ok ? "200" : "500",
              "",
              "users 1-1",
              ok,
              Map.of()));
    }
    return samples;
  }

  private ConcurrentSoapResult result(ConcurrentSoapPlan plan, List<JtlRecord> samples, int exit) {
    LoadRun load =
        new LoadRun(
            exit,
            dir.resolve("results.jtl"),
            dir.resolve("load.log"),
            dir.resolve("jmeter.log"),
            Duration.ofSeconds(1));
    return new ConcurrentSoapResult(plan, load, samples, SoapStats.of(samples));
  }

  @Test
  void metricsAreTheJtlStatisticsWithCountsPerOperation() {
    ConcurrentSoapPlan plan = ConcurrentSoapPlan.closed(URL, csv, 2, 5);

    SoapOutcome outcome = SoapOutcome.of(result(plan, samples(10, 0), 0), 0);

    assertThat(outcome.valid()).as(outcome.verdict()).isTrue();
    // 30 samples from 1000 ms to the last end, 1000 + 2900 + 300: 30 x 60,000 / 3200 ms
    assertThat(outcome.metrics().throughputPerMinute()).isEqualTo(30 * 60_000.0 / 3_200);
    assertThat(outcome.metrics().latencyMillis().p50()).isEqualTo(150);
    assertThat(outcome.metrics().latencyMillis().p90()).isEqualTo(270);
    assertThat(outcome.metrics().latencyMillis().p99()).isEqualTo(300);
    assertThat(outcome.metrics().latencyMillis().max()).isEqualTo(300);
    assertThat(outcome.requests().requests()).isEqualTo(30);
    assertThat(outcome.requests().planned()).isEqualTo(30);
    assertThat(outcome.requests().overall().minMillis()).isEqualTo(10);
    assertThat(outcome.requests().overall().meanMillis()).isEqualTo(155.0);
    assertThat(outcome.requests().byOperation()).containsOnlyKeys(OPERATIONS);
    assertThat(outcome.requests().byOperation().get("GetInvoiceList").requests()).isEqualTo(10);
    assertThat(outcome.requests().targetArrivalsPerMinute()).isNull();
    assertThat(outcome.verdict()).isEqualTo("30 requests, 0 errors (0.0%)");
  }

  @Test
  void errorsOverTheLimitMakeTheRepetitionInvalid() {
    ConcurrentSoapPlan plan = ConcurrentSoapPlan.closed(URL, csv, 2, 5);

    SoapOutcome strict = SoapOutcome.of(result(plan, samples(10, 3), 1), 5);
    SoapOutcome lenient = SoapOutcome.of(result(plan, samples(10, 3), 1), 10);

    assertThat(strict.metrics().errors()).isEqualTo(3);
    assertThat(strict.requests().errorPercent()).isEqualTo(10.0);
    assertThat(strict.valid()).isFalse();
    assertThat(strict.verdict()).contains("INVALID: errors 10.0% over workload.maxErrorPercent 5%");
    assertThat(lenient.valid()).as(lenient.verdict()).isTrue();
    // the errors per operation, and each operation's own latency histogram, for run.json
    assertThat(strict.requests().failures())
        .containsOnlyKeys(OPERATIONS)
        .allSatisfy((op, errors) -> assertThat(errors).containsExactly(Map.entry("500", 1L)));
    assertThat(strict.requests().latencyHistograms()).containsOnlyKeys(OPERATIONS);
    assertThat(
            io.tunelab.core.results.LatencyHistograms.decode(
                    strict.requests().latencyHistograms().get("GetInvoiceList"))
                .getTotalCount())
        .isEqualTo(10);
  }

  @Test
  void aClosedRunWithMissingRequestsIsInvalid() {
    ConcurrentSoapPlan plan = ConcurrentSoapPlan.closed(URL, csv, 2, 6);

    SoapOutcome outcome = SoapOutcome.of(result(plan, samples(10, 0), 0), 0);

    assertThat(outcome.valid()).isFalse();
    assertThat(outcome.verdict()).contains("INVALID: the plan makes 36 requests");
  }

  @Test
  void aLoadJvmThatFailedWithoutFailedSamplesIsInvalid() {
    ConcurrentSoapPlan plan = ConcurrentSoapPlan.closed(URL, csv, 2, 5);

    SoapOutcome outcome = SoapOutcome.of(result(plan, samples(10, 0), 3), 0);

    assertThat(outcome.valid()).isFalse();
    assertThat(outcome.verdict()).contains("the load JVM ended with status 3");
  }

  @Test
  void noRequestAtAllIsInvalid() {
    SoapOutcome outcome =
        SoapOutcome.of(result(ConcurrentSoapPlan.open(URL, csv, 60, 10), List.of(), 1), 100);

    assertThat(outcome.valid()).isFalse();
    assertThat(outcome.verdict()).contains("no request in the JTL");
  }

  @Test
  void openModelRecordsTargetAndAchievedArrivals() {
    ConcurrentSoapPlan plan = ConcurrentSoapPlan.open(URL, csv, 240, 60);

    // an arrival every 300 ms (its GetBalanceSummary start): 200 per minute
    SoapOutcome outcome = SoapOutcome.of(result(plan, samples(10, 0), 0), 0);

    assertThat(outcome.valid()).as("an open run may make fewer requests than expected").isTrue();
    assertThat(outcome.requests().model()).isEqualTo("open");
    assertThat(outcome.requests().targetArrivalsPerMinute()).isEqualTo(240.0);
    assertThat(outcome.requests().achievedArrivalsPerMinute()).isEqualTo(200.0);
    assertThat(outcome.verdict()).endsWith("; 200.0 arrivals/min achieved of 240 targeted");
  }

  @Test
  void knobsChooseTheModelAndItsSettings() {
    KnobSet knobs =
        KnobSet.defaults()
            .with("workload.threads", "20")
            .with("workload.loops", "7")
            .with("workload.rampUpSeconds", "3")
            .with("workload.responseTimeoutMillis", "5000")
            .with("mocks.brm.invoices", "40")
            .with("mocks.brm.usageLines", "200");

    ConcurrentSoapPlan closed = SoapSteps.measuredPlan(SoapWorkload.of(knobs), URL, csv);
    ConcurrentSoapPlan open =
        SoapSteps.measuredPlan(
            SoapWorkload.of(
                knobs
                    .with("workload.model", "open")
                    .with("workload.arrivalsPerMinute", "900")
                    .with("workload.durationSeconds", "30")),
            URL,
            csv);

    assertThat(closed.properties())
        .containsEntry("threads", "20")
        .containsEntry("loops", "7")
        .containsEntry("rampUpSeconds", "3")
        .containsEntry("responseTimeoutMillis", "5000")
        // the plan checks each answer holds the lines the BRM mock was told to send
        .containsEntry("brmInvoices", "40")
        .containsEntry("brmUsageLines", "200");
    assertThat(open.model()).isEqualTo(ConcurrentSoapPlan.Model.OPEN);
    assertThat(open.properties())
        .containsEntry("arrivalsPerMinute", "900")
        .containsEntry("durationSeconds", "30")
        .containsEntry("responseTimeoutMillis", "5000")
        .containsEntry("brmInvoices", "40")
        .doesNotContainKey("loops");
    // a safety net only: three response timeouts a loop, plus five minutes
    assertThat(SoapSteps.timeout(closed)).isEqualTo(Duration.ofSeconds(300 + 3 + 7 * 15));
  }
}
