package io.tunelab.core.report;

import io.tunelab.core.report.SeriesCsv.Point;
import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * A repetition's latency over time, read from its {@code latency.hlog}: per interval (a second of
 * the measured window, holding the latencies that ended in it) its 50th, 90th and 99th percentile
 * and its most, at the interval's end in seconds since the measured window began, as the observer's
 * rates are charted. A tail that grows through the window (a queue building, a heap filling) shows
 * here where the window's one histogram hides it.
 */
final class LatencyOverTime {
  private static final double[] PERCENTILES = {50, 90, 99};

  private LatencyOverTime() {}

  /**
   * The lines, by name ({@code p50}, {@code p90}, {@code p99}, {@code max}); empty when the log is
   * missing, unreadable or holds fewer than two intervals (a log of one interval, the whole window,
   * has no time in it).
   *
   * @param measuredFromMillis epoch milliseconds the measured window began, time zero; negative for
   *     the first interval's start
   */
  static Map<String, List<Point>> read(Path hlog, long measuredFromMillis) {
    List<AbstractHistogram> intervals = intervals(hlog);
    if (intervals.size() < 2) {
      return Map.of();
    }
    long zero = measuredFromMillis >= 0 ? measuredFromMillis : intervals.get(0).getStartTimeStamp();
    Map<String, List<Point>> lines = new LinkedHashMap<>();
    for (double percentile : PERCENTILES) {
      List<Point> points = new ArrayList<>();
      for (AbstractHistogram interval : intervals) {
        points.add(at(interval, zero, interval.getValueAtPercentile(percentile)));
      }
      lines.put("p" + (int) percentile, points);
    }
    List<Point> most = new ArrayList<>();
    intervals.forEach(interval -> most.add(at(interval, zero, interval.getMaxValue())));
    lines.put("max", most);
    return lines;
  }

  private static Point at(AbstractHistogram interval, long zero, double value) {
    return new Point((interval.getEndTimeStamp() - zero) / 1000.0, value);
  }

  private static List<AbstractHistogram> intervals(Path hlog) {
    List<AbstractHistogram> intervals = new ArrayList<>();
    if (!Files.isRegularFile(hlog)) {
      return intervals;
    }
    try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
      for (EncodableHistogram next = reader.nextIntervalHistogram();
          next != null;
          next = reader.nextIntervalHistogram()) {
        if (next instanceof AbstractHistogram interval && interval.getTotalCount() > 0) {
          intervals.add(interval);
        }
      }
    } catch (FileNotFoundException | RuntimeException e) {
      // a log cut short (the run was killed while writing it) costs its chart, not the page
      return List.of();
    }
    return intervals;
  }
}
