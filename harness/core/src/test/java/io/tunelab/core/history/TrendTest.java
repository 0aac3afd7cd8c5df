package io.tunelab.core.history;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.report.TrendPage;
import io.tunelab.core.stats.ChangePoints;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrendTest {
  @TempDir Path dir;

  /** 30 nights: throughput 650 then, from night 20 on, 585 (-10%); p99 flat. */
  static List<HistoryRow> nights() {
    Random random = new Random(5);
    List<HistoryRow> rows = new ArrayList<>();
    for (int night = 0; night < 30; night++) {
      double throughput = (night < 20 ? 650 : 585) * (1 + 0.02 * random.nextGaussian());
      double p99 = 1200 * (1 + 0.03 * random.nextGaussian());
      rows.add(
          OtavaCsvTest.row(
              Instant.parse("2026-10-01T03:00:00Z").plusSeconds(86_400L * night).toString(),
              String.format("%07x", night * 7919),
              "run-" + night,
              "brm-50ms.throughput",
              throughput,
              "brm-50ms.p99",
              p99));
    }
    return rows;
  }

  @Test
  void aThroughputThatFellIsAWorseChangePointAtItsRunAndTheFlatP99HasNone() throws Exception {
    List<Trend> trends = Trend.of(Map.of("quickstart", nights()), ChangePoints.DEFAULTS);

    assertThat(trends).hasSize(2);
    Trend throughput = trends.get(0);
    assertThat(throughput.column().name()).isEqualTo("brm-50ms.throughput");
    assertThat(throughput.changes())
        .singleElement()
        .satisfies(
            c -> {
              assertThat(throughput.rows().get(c.index()).runId()).isEqualTo("run-20");
              assertThat(throughput.worse(c)).isTrue();
            });
    assertThat(trends.get(1).changes()).isEmpty();

    String text = TrendText.of("nightly", "results/history", trends, ChangePoints.DEFAULTS);
    assertThat(text)
        .contains("## quickstart (30 runs, 2026-10-01 03:00:00 +0000 to 2026-10-30 03:00:00 +0000)")
        .contains("- brm-50ms.throughput (per minute; higher is better)")
        .contains("  - WORSE at 2026-10-21 03:00:00 +0000 (commit 0026aac, run run-20): ")
        .contains("- brm-50ms.p99 (ms; lower is better)")
        .contains("no change point");

    Path page =
        TrendPage.write(
            "nightly",
            "results/history",
            trends,
            ChangePoints.DEFAULTS,
            dir.resolve("history.html"));
    assertThat(Files.readString(page))
        .contains("tunelab: history of nightly")
        .contains("\"run\":\"run-20\"")
        .contains("\"worse\":true")
        .doesNotContain("{{");
  }

  @Test
  void anEmptyHistorySaysHowOneIsMade() {
    assertThat(TrendText.of("nightly", "h", List.of(), ChangePoints.DEFAULTS))
        .contains("No bench run of nightly in the history yet");
  }
}
