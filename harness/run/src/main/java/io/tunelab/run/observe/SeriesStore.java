package io.tunelab.run.observe;

import io.tunelab.core.findings.Point;
import io.tunelab.core.results.OutputFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every sampled value of a run, in memory until the run ends (a few MB for an hour at 1 s), then
 * written as {@code series.csv} in long format: {@code epochMillis,phase,series,label,value}.
 */
final class SeriesStore {
  static final String HEADER = "epochMillis,phase,series,label,value";

  private final Map<Key, List<Point>> series = new LinkedHashMap<>();

  private record Key(String series, String label) {}

  synchronized void add(long epochMillis, String name, String label, double value) {
    if (!Double.isNaN(value)) {
      series
          .computeIfAbsent(new Key(name, label), k -> new ArrayList<>())
          .add(new Point(epochMillis, value));
    }
  }

  /** All points of one series and label, oldest first. */
  synchronized List<Point> points(String name, String label) {
    return List.copyOf(series.getOrDefault(new Key(name, label), List.of()));
  }

  /** The points inside the measured window. */
  synchronized List<Point> measured(String name, String label, Window window) {
    return points(name, label).stream().filter(p -> window.measured(p.epochMillis())).toList();
  }

  /** The newest value of every series and label, in order of first appearance. */
  synchronized List<SeriesValue> latest() {
    List<SeriesValue> latest = new ArrayList<>(series.size());
    series.forEach(
        (key, points) ->
            latest.add(
                new SeriesValue(key.series(), key.label(), points.get(points.size() - 1).value())));
    return latest;
  }

  /** The labels a series was recorded with, in order of first appearance. */
  synchronized Set<String> labels(String name) {
    Set<String> labels = new LinkedHashSet<>();
    series.keySet().stream()
        .filter(k -> k.series().equals(name))
        .forEach(k -> labels.add(k.label()));
    return labels;
  }

  /** Writes {@code series.csv}: one row per value, grouped by series and label, oldest first. */
  synchronized void write(Path file, Window window) {
    OutputFiles.replaceText(
        file,
        StandardCharsets.UTF_8,
        out -> {
          out.write(HEADER);
          out.newLine();
          for (Map.Entry<Key, List<Point>> entry : series.entrySet()) {
            String name = csv(entry.getKey().series());
            String label = csv(entry.getKey().label());
            for (Point point : entry.getValue()) {
              out.write(
                  point.epochMillis()
                      + ","
                      + window.phase(point.epochMillis())
                      + ","
                      + name
                      + ","
                      + label
                      + ","
                      + number(point.value()));
              out.newLine();
            }
          }
        });
  }

  static String number(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15
        ? Long.toString((long) value)
        : String.format(java.util.Locale.ROOT, "%.3f", value);
  }

  /** Quotes a CSV field when it holds a comma, a quote or a line break. */
  static String csv(String field) {
    if (field.contains(",") || field.contains("\"") || field.contains("\n")) {
      return "\"" + field.replace("\"", "\"\"") + "\"";
    }
    return field;
  }
}
