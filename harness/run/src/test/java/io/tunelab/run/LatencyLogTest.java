package io.tunelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.measure.TimedLatencies;
import io.tunelab.core.results.BatchOrderMeasures;
import io.tunelab.core.results.LatencyHistograms;
import io.tunelab.core.results.LatencyMillis;
import io.tunelab.core.results.Metrics;
import io.tunelab.core.results.Repetition;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogProcessor;
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

  /** 60 latencies: second s (0..5) of the window holds 10 latencies of (s + 1) x 10 ms. */
  private static TimedLatencies timed() {
    TimedLatencies timed = new TimedLatencies(3);
    for (int s = 0; s < 6; s++) {
      for (int i = 0; i < 10; i++) {
        timed.record(WINDOW_START + 1000L * s + 100L * i, (s + 1) * 10L);
      }
    }
    return timed;
  }

  @Test
  void aTimedHistogramIsLoggedAsOneIntervalPerSecondThatTogetherAreTheWhole() throws Exception {
    Path repDir = dir.resolve("s/rep-1");
    Repetition rep = LatencyLog.attach(repetition(), timed(), repDir);

    HistogramLogReader reader = new HistogramLogReader(repDir.resolve("latency.hlog").toFile());
    Histogram sum = new Histogram(3);
    int intervals = 0;
    for (Histogram h = (Histogram) reader.nextIntervalHistogram();
        h != null;
        h = (Histogram) reader.nextIntervalHistogram()) {
      assertThat(h.getTotalCount()).isEqualTo(10);
      assertThat(h.getMaxValue()).isEqualTo((intervals + 1) * 10L);
      assertThat(h.getStartTimeStamp()).isEqualTo(WINDOW_START + 1000L * intervals);
      sum.add(h);
      intervals++;
    }
    reader.close();

    assertThat(intervals).isEqualTo(6);
    assertThat(sum).isEqualTo(LatencyHistograms.decode(rep.latencyHistogram()));
  }

  @Test
  void hdrHistogramsLogProcessorReadsItInMillisecondsWithOutputValueUnitRatio1() throws Exception {
    Path repDir = dir.resolve("s/rep-1");
    LatencyLog.attach(repetition(), timed(), repDir);
    Path out = dir.resolve("processed");

    // what docs/ and results/README.md tell a user to run
    new HistogramLogProcessor(
            new String[] {
              "-i", repDir.resolve("latency.hlog").toString(),
              "-o", out.toString(),
              "-outputValueUnitRatio", "1"
            })
        .run();

    List<String> intervals = Files.readAllLines(Path.of(out + ""));
    // a header, then one line per second: its count and its latencies in ms (10, 20, ... 60)
    assertThat(intervals.stream().filter(l -> l.matches("\\s*[0-9].*")).toList())
        .hasSize(6)
        .first()
        .asString()
        .contains("10.000");
    assertThat(Files.readString(Path.of(out + ".hgrm")))
        .contains("#[Mean    =       35.000")
        .contains("#[Max     =       60.000");
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
