package io.tunelab.run;

import io.tunelab.core.measure.TimedLatencies;
import io.tunelab.core.results.LatencyHistograms;
import io.tunelab.core.results.OutputFiles;
import io.tunelab.core.results.Repetition;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * A repetition's latency histogram (milliseconds), kept twice: in run.json (the repetition's {@code
 * latencyHistogram}, the whole measured window, so compare and report merge a step's samples from
 * run.json alone) and as {@code <repetition folder>/latency.hlog}, an HdrHistogram log that
 * HdrHistogram's own tools read (HistogramLogProcessor with {@code -outputValueUnitRatio 1}, since
 * the values are ms, not ns; the HdrHistogram plotter): one interval per second of the window, by
 * the time each latency ended, so the log shows the latency over time; together the intervals hold
 * exactly the run.json histogram's values.
 */
final class LatencyLog {
  /** Interval_Max is in the histogram's own unit, milliseconds: no scaling. */
  private static final double MILLISECONDS = 1.0;

  private LatencyLog() {}

  /** Writes the log into {@code repetitionDir} and returns the repetition with its histogram. */
  static Repetition attach(Repetition repetition, Histogram histogram, Path repetitionDir) {
    write(histogram, repetitionDir.resolve(LatencyHistograms.HLOG));
    return repetition.withLatencyHistogram(histogram);
  }

  /**
   * The log: per-second intervals when the histogram knows its seconds ({@link TimedLatencies}),
   * else one interval, the measured window, from the histogram's start and end time stamps (epoch
   * ms) when it has them, else 0 s long. Interval times are seconds since the log's base time, the
   * first interval's start (or the window's).
   */
  static void write(Histogram histogram, Path file) {
    OutputFiles.replace(
        file,
        bytes -> {
          // the writer's PrintStream stays open: OutputFiles closes the stream under it
          PrintStream out = new PrintStream(bytes, false, StandardCharsets.UTF_8);
          HistogramLogWriter log = new HistogramLogWriter(out);
          log.outputComment(
              "tunelab: the measured latencies of one repetition (warm-up excluded); unit = ms"
                  + " (recorded values and Interval_Max are milliseconds: read it with"
                  + " HistogramLogProcessor -outputValueUnitRatio 1); one interval per second, by"
                  + " the time each latency ended");
          log.outputLogFormatVersion();
          if (histogram instanceof TimedLatencies timed && !timed.perSecond().isEmpty()) {
            perSecond(log, timed);
          } else {
            whole(log, histogram);
          }
          out.flush();
          if (out.checkError()) {
            throw new IOException("the latency log's stream failed");
          }
        });
  }

  private static void perSecond(HistogramLogWriter log, TimedLatencies timed) {
    long firstSecond = timed.perSecond().firstKey();
    long base = firstSecond * 1000;
    log.outputStartTime(base);
    log.outputBaseTime(base);
    log.outputLegend();
    for (Map.Entry<Long, Histogram> second : timed.perSecond().entrySet()) {
      double start = second.getKey() - firstSecond;
      log.outputIntervalHistogram(start, start + 1, second.getValue(), MILLISECONDS);
    }
  }

  private static void whole(HistogramLogWriter log, Histogram histogram) {
    long start = histogram.getStartTimeStamp();
    long end = histogram.getEndTimeStamp();
    boolean window = start > 0 && start != Long.MAX_VALUE && end >= start;
    if (window) {
      log.outputStartTime(start);
    }
    log.outputLegend();
    double seconds = window ? (end - start) / 1000.0 : 0;
    log.outputIntervalHistogram(0, seconds, histogram, MILLISECONDS);
  }
}
