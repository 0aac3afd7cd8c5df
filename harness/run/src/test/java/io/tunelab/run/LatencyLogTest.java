package io.tunelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.results.BatchOrderMeasures;
import io.tunelab.core.results.LatencyHistograms;
import io.tunelab.core.results.LatencyMillis;
import io.tunelab.core.results.Metrics;
import io.tunelab.core.results.Repetition;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LatencyLogTest {
  private static final long WINDOW_START = 1_795_394_390_000L;

  @TempDir Path dir;

  /** 2,000 latencies of 1..2,000 ms over a 90 s window: p99.9 = 1,998 ms (rank 1,998). */
  private static Histogram histogram() {
    Histogram histogram = new Histogram(3);
    for (int ms = 1; ms <= 2000; ms++) {
      histogram.recordValue(ms);
    }
    histogram.setStartTimeStamp(WINDOW_START);
    histogram.setEndTimeStamp(WINDOW_START + 90_000);
    return histogram;
  }

  private static Repetition repetition() {
    return Repetition.measured(
        1,
        true,
        "ok",
        Metrics.of(60, new LatencyMillis(1000, 1800, 1980, 2000), 0),
        BatchOrderMeasures.of(null),
        null,
        1000,
        "s/rep-1");
  }

  @Test
  void repetitionKeepsTheHistogramAndItsP999() {
    Repetition rep = LatencyLog.attach(repetition(), histogram(), dir.resolve("s/rep-1"));

    assertThat(rep.metrics().latencyMillis().p999()).isEqualTo(1998);
    assertThat(rep.metrics().latencySamples()).isEqualTo(2000);
    assertThat(LatencyHistograms.decode(rep.latencyHistogram())).isEqualTo(histogram());
  }

  @Test
  void logReadsBackWithHdrHistogramsReaderAsTheSameHistogram() throws Exception {
    Path repDir = dir.resolve("s/rep-1");
    LatencyLog.attach(repetition(), histogram(), repDir);
    Path log = repDir.resolve("latency.hlog");

    HistogramLogReader reader = new HistogramLogReader(log.toFile());
    Histogram read = (Histogram) reader.nextIntervalHistogram();

    assertThat(read).isEqualTo(histogram());
    assertThat(reader.getStartTimeSec()).isEqualTo(WINDOW_START / 1000.0);
    assertThat(reader.nextIntervalHistogram()).isNull();
    reader.close();
  }

  @Test
  void logSaysItsUnitAndHoldsTheEncodingOfRunJson() throws Exception {
    Path repDir = dir.resolve("s/rep-1");
    Repetition rep = LatencyLog.attach(repetition(), histogram(), repDir);

    List<String> lines = Files.readAllLines(repDir.resolve("latency.hlog"));

    assertThat(lines.get(0)).startsWith("#tunelab:").contains("unit = ms");
    String interval = lines.get(lines.size() - 1);
    // start 0 s after the StartTime line, 90 s long, max 2,000 ms, then the encoded histogram
    assertThat(interval).isEqualTo("0.000,90.000,2000.000," + rep.latencyHistogram());
  }

  @Test
  void histogramWithoutTimeStampsGetsAnIntervalOfZeroSeconds() throws Exception {
    Histogram plain = new Histogram(3);
    plain.recordValue(5);
    Path log = dir.resolve("rep/latency.hlog");

    LatencyLog.write(plain, log);

    assertThat(Files.readString(log))
        .doesNotContain("#[StartTime")
        .contains("\n0.000,0.000,5.000,");
  }
}
