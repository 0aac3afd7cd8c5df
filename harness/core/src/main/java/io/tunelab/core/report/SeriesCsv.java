package io.tunelab.core.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An observer's {@code series.csv} ({@code epochMillis,phase,series,label,value}) read back: every
 * series and label with its points, times in seconds since the measured window began (negative:
 * warm-up).
 */
final class SeriesCsv {
  /** One point: seconds since the measured window began, and the value in the series' unit. */
  record Point(double seconds, double value) {}

  private final Map<String, Map<String, List<Point>>> series;

  private SeriesCsv(Map<String, Map<String, List<Point>>> series) {
    this.series = series;
  }

  /** No series: a repetition that was not observed. */
  static SeriesCsv empty() {
    return new SeriesCsv(Map.of());
  }

  /**
   * Reads {@code file}; a missing file reads as {@link #empty()}.
   *
   * @param measuredFromMillis epoch milliseconds the measured window began, time zero; negative for
   *     the first sample's time
   */
  static SeriesCsv read(Path file, long measuredFromMillis) {
    if (!Files.isRegularFile(file)) {
      return empty();
    }
    Map<String, Map<String, List<Point>>> all = new TreeMap<>();
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      long zero = measuredFromMillis;
      for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
        String[] cells = line.split(",");
        if (cells.length < 5) {
          continue;
        }
        zero = zero < 0 ? Long.parseLong(cells[0]) : zero;
        // a label may hold commas: it is everything between the series and the value
        String label = String.join(",", List.of(cells).subList(3, cells.length - 1));
        double seconds = (Long.parseLong(cells[0]) - zero) / 1000.0;
        all.computeIfAbsent(cells[2], s -> new TreeMap<>())
            .computeIfAbsent(label, l -> new ArrayList<>())
            .add(new Point(seconds, Double.parseDouble(cells[cells.length - 1])));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(file + " is not an observer's series.csv: " + e, e);
    }
    return new SeriesCsv(all);
  }

  /** The labels of a series and their points, labels in order; empty when never sampled. */
  Map<String, List<Point>> of(String name) {
    return series.getOrDefault(name, Map.of());
  }

  /**
   * A counter's per-second rate between consecutive samples, at the later sample's time: what a
   * cumulative series (requests, messages forwarded) did each second.
   */
  static List<Point> rate(List<Point> counter) {
    List<Point> rates = new ArrayList<>();
    for (int i = 1; i < counter.size(); i++) {
      Point a = counter.get(i - 1);
      Point b = counter.get(i);
      double span = b.seconds() - a.seconds();
      if (span > 0) {
        rates.add(new Point(b.seconds(), Math.max(0, (b.value() - a.value()) / span)));
      }
    }
    return rates;
  }

  /** Series whose values are all zero carry nothing to look at (an idle DLQ). */
  static Map<String, List<Point>> withoutAllZero(Map<String, List<Point>> labels) {
    Map<String, List<Point>> kept = new LinkedHashMap<>();
    labels.forEach(
        (label, points) -> {
          if (points.stream().anyMatch(p -> p.value() != 0)) {
            kept.put(label, points);
          }
        });
    return kept;
  }
}
