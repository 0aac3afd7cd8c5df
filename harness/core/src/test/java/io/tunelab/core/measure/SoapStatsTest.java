package io.tunelab.core.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SoapStatsTest {
  private static JtlRecord sample(String label, long start, long elapsed, boolean success) {
    return new JtlRecord(
        start, elapsed, label, success ? "200" : "500", "", "t", success, Map.of());
  }

  @Test
  void percentilesAreNearestRankOverEverySample() {
    List<JtlRecord> samples = new ArrayList<>();
    for (int i = 1; i <= 100; i++) {
      // elapsed 10, 20, ..., 1000 ms, in a shuffled order
      samples.add(sample("GetInvoiceList", 1_000 + i, (long) ((i * 37) % 100 + 1) * 10, true));
    }

    LatencySummary summary = SoapStats.of(samples).overall();

    assertThat(summary.requests()).isEqualTo(100);
    assertThat(summary.minMillis()).isEqualTo(10);
    assertThat(summary.maxMillis()).isEqualTo(1000);
    assertThat(summary.meanMillis()).isEqualTo(505.0);
    assertThat(summary.p50Millis()).isEqualTo(500);
    assertThat(summary.p90Millis()).isEqualTo(900);
    assertThat(summary.p95Millis()).isEqualTo(950);
    assertThat(summary.p99Millis()).isEqualTo(990);
  }

  @Test
  void nearestRankRoundsTheRankUp() {
    List<JtlRecord> samples = new ArrayList<>();
    for (long elapsed : new long[] {7, 3, 5}) {
      samples.add(sample("GetBalanceSummary", 0, elapsed, true));
    }

    LatencySummary summary = SoapStats.of(samples).overall();

    // ranks: p50 ceil(1.5) = 2nd, p90 ceil(2.7) = 3rd, of 3, 5, 7
    assertThat(summary.p50Millis()).isEqualTo(5);
    assertThat(summary.p90Millis()).isEqualTo(7);
  }

  @Test
  void countsErrorsAndRatesPerOperationOverTheRunsWindow() {
    List<JtlRecord> samples =
        List.of(
            sample("GetBalanceSummary", 0, 100, true),
            sample("GetBalanceSummary", 1_000, 100, false),
            sample("GetUnbilledUsage", 2_000, 1_000, true));

    SoapStats stats = SoapStats.of(samples);

    assertThat(stats.windowMillis()).isEqualTo(3_000);
    assertThat(stats.byOperation()).containsOnlyKeys("GetBalanceSummary", "GetUnbilledUsage");
    assertThat(stats.byOperation().get("GetBalanceSummary").errors()).isEqualTo(1);
    assertThat(stats.byOperation().get("GetBalanceSummary").requestsPerMinute()).isEqualTo(40.0);
    assertThat(stats.byOperation().get("GetUnbilledUsage").requestsPerMinute()).isEqualTo(20.0);
    assertThat(stats.overall().requestsPerMinute()).isEqualTo(60.0);
    assertThat(stats.overall().errorRate()).isEqualTo(1.0 / 3);
    assertThat(stats.histograms().get(SoapStats.OVERALL).getTotalCount()).isEqualTo(3);
    assertThat(stats.histograms().get(SoapStats.OVERALL).getStartTimeStamp()).isZero();
    assertThat(stats.histograms().get(SoapStats.OVERALL).getEndTimeStamp()).isEqualTo(3_000);
  }

  @Test
  void noSamplesGiveZeros() {
    SoapStats stats = SoapStats.of(List.of());

    assertThat(stats.overall().requests()).isZero();
    assertThat(stats.overall().requestsPerMinute()).isZero();
  }
}
