package io.tunelab.core.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunelab.core.report.SeriesCsv.Point;
import java.util.List;
import java.util.Map;

/**
 * The charts of one repetition, from its observer's series and its latency log: what each chart
 * shows, its unit and its lines, as the page's script draws them (x: seconds since the measured
 * window began).
 */
final class RepetitionCharts {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** The Siebel update closes an order: its request rate is the completion rate. */
  private static final String COMPLETION = "siebel:UpdateSalesOrder";

  private RepetitionCharts() {}

  /**
   * @param latency the latency's lines over the window ({@link LatencyOverTime}); empty for none
   */
  static ArrayNode of(SeriesCsv series, Map<String, List<Point>> latency) {
    ArrayNode charts = NODES.arrayNode();
    add(charts, throughput(series));
    add(
        charts,
        lines("Latency over time: each second's completions, by percentile", "ms", latency));
    add(charts, lines("Queue depths", "messages", nonZero(series, "broker.messageCount")));
    add(
        charts,
        lines("Back-end (mock) requests per second", "per s", rates(series, "mocks.requests")));
    ObjectNode cpu = lines("CPU per tier", "% of one core", series.of("cpu.tier"));
    series
        .of("cpu.machine")
        .values()
        .forEach(p -> dataset(cpu, "machine (% of all cores)", p, "y", "line"));
    add(charts, cpu);
    add(charts, lines("Resident memory per tier", "MB", series.of("memory.rss")));
    add(charts, gc(series));
    add(charts, lines("Database client sessions", "sessions", dbSessions(series)));
    return charts;
  }

  private static ObjectNode throughput(SeriesCsv series) {
    ObjectNode chart = chart("Throughput: completions and messages forwarded per stage", "per s");
    List<Point> completions = series.of("mocks.requests").get(COMPLETION);
    if (completions != null) {
      dataset(chart, "completed orders", SeriesCsv.rate(completions), "y", "line");
    }
    series
        .of("middleware.forwarded")
        .forEach(
            (stage, p) -> dataset(chart, stage + " forwarded", SeriesCsv.rate(p), "y", "line"));
    series
        .of("load.achievedPerSecond")
        .values()
        .forEach(p -> dataset(chart, "sent by the load generator", p, "y", "line"));
    return chart;
  }

  private static ObjectNode gc(SeriesCsv series) {
    ObjectNode chart = chart("GC of each JVM recorded: heap after each pause, pause time", "MB");
    chart.put("y2Unit", "pause ms");
    series
        .of("gc.heapAfterMegabytes")
        .forEach((jvm, p) -> dataset(chart, jvm + " heap after GC (MB)", p, "y", "line"));
    series
        .of("gc.oldAfterMegabytes")
        .forEach((jvm, p) -> dataset(chart, jvm + " old generation after GC (MB)", p, "y", "line"));
    series
        .of("gc.pauseMillis")
        .forEach((jvm, p) -> dataset(chart, jvm + " pause (ms)", p, "y2", "points"));
    return chart;
  }

  private static Map<String, List<Point>> dbSessions(SeriesCsv series) {
    Map<String, List<Point>> lines = new java.util.LinkedHashMap<>();
    series.of("db.connections").values().forEach(p -> lines.put("connected", p));
    series.of("db.activeSessions").values().forEach(p -> lines.put("active", p));
    return lines;
  }

  private static Map<String, List<Point>> rates(SeriesCsv series, String counter) {
    Map<String, List<Point>> lines = new java.util.LinkedHashMap<>();
    series.of(counter).forEach((label, points) -> lines.put(label, SeriesCsv.rate(points)));
    return lines;
  }

  private static Map<String, List<Point>> nonZero(SeriesCsv series, String name) {
    return SeriesCsv.withoutAllZero(series.of(name));
  }

  private static ObjectNode lines(String title, String unit, Map<String, List<Point>> lines) {
    ObjectNode chart = chart(title, unit);
    lines.forEach((label, points) -> dataset(chart, label, points, "y", "line"));
    return chart;
  }

  private static ObjectNode chart(String title, String unit) {
    ObjectNode chart = NODES.objectNode();
    chart.put("title", title);
    chart.put("unit", unit);
    chart.putArray("datasets");
    return chart;
  }

  private static void dataset(
      ObjectNode chart, String label, List<Point> points, String axis, String style) {
    ObjectNode set = ((ArrayNode) chart.get("datasets")).addObject();
    set.put("label", label);
    set.put("axis", axis);
    set.put("style", style);
    ArrayNode xy = set.putArray("points");
    for (Point p : points) {
      xy.addArray().add(round(p.seconds())).add(round(p.value()));
    }
  }

  /** Three decimals: the page stays small and nothing charted needs more. */
  private static double round(double value) {
    return Math.round(value * 1000) / 1000.0;
  }

  /** Charts with no line are left out: a source the run did not have. */
  private static void add(ArrayNode charts, ObjectNode chart) {
    if (!chart.get("datasets").isEmpty()) {
      charts.add(chart);
    }
  }
}
