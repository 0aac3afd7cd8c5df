package io.tunelab.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.report.SeriesCsv.Point;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LatencyOverTimeTest {
  /** 2026-11-29T00:00:00Z: an epoch second, as the run's per-second intervals start on one. */
  private static final long BASE = 1_796_083_200_000L;

  @TempDir Path dir;

  /** Two seconds of 1..100 ms and one of 201..300 ms, in a log as the run writes it. */
  private Path log() throws Exception {
    Path file = dir.resolve("latency.hlog");
    try (PrintStream out =
        new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
      HistogramLogWriter log = new HistogramLogWriter(out);
      log.outputLogFormatVersion();
      log.outputStartTime(BASE);
      log.outputBaseTime(BASE);
      log.outputLegend();
      log.outputIntervalHistogram(0, 1, values(1, 100), 1.0);
      log.outputIntervalHistogram(1, 2, values(1, 100), 1.0);
      log.outputIntervalHistogram(2, 3, values(201, 300), 1.0);
    }
    return file;
  }

  private static Histogram values(long from, long to) {
    Histogram histogram = new Histogram(3);
    LongStream.rangeClosed(from, to).forEach(histogram::recordValue);
    return histogram;
  }

  @Test
  void eachSecondsPercentilesAtItsEndSinceTheWindowBegan() throws Exception {
    Map<String, List<Point>> lines = LatencyOverTime.read(log(), BASE - 500);

    assertThat(lines).containsOnlyKeys("p50", "p90", "p99", "max");
    assertThat(lines.get("p50"))
        .containsExactly(new Point(1.5, 50), new Point(2.5, 50), new Point(3.5, 250));
    assertThat(lines.get("p99")).extracting(Point::value).containsExactly(99.0, 99.0, 299.0);
    assertThat(lines.get("max")).extracting(Point::value).containsExactly(100.0, 100.0, 300.0);
  }

  @Test
  void withoutTheWindowsStartTimeZeroIsTheFirstSecondsStart() throws Exception {
    assertThat(LatencyOverTime.read(log(), -1).get("p90"))
        .extracting(Point::seconds)
        .containsExactly(1.0, 2.0, 3.0);
  }

  @Test
  void aLogOfOneIntervalOrNoneOrOfNoLogHasNoLines() throws Exception {
    Path whole = dir.resolve("whole.hlog");
    try (PrintStream out =
        new PrintStream(Files.newOutputStream(whole), false, StandardCharsets.UTF_8)) {
      HistogramLogWriter log = new HistogramLogWriter(out);
      log.outputLegend();
      log.outputIntervalHistogram(0, 60, values(1, 100), 1.0);
    }
    Path garbage = Files.writeString(dir.resolve("garbage.hlog"), "0.000,1.000,99.0,not base64\n");

    assertThat(LatencyOverTime.read(whole, BASE)).isEmpty();
    assertThat(LatencyOverTime.read(garbage, BASE)).isEmpty();
    assertThat(LatencyOverTime.read(dir.resolve("absent.hlog"), BASE)).isEmpty();
  }
}
