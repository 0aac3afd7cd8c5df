package io.tunelab.run.metrics;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.tunelab.run.observe.SeriesValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A scrape of a {@link LiveRun}: every series its observer last read ({@link PrometheusNames}),
 * each labelled with the experiment and the step, and where the run is ({@code tunelab_repetition},
 * {@code tunelab_measuring}). Read at each scrape, so a scrape shows the newest reading of the
 * one-second sampling, nothing older and nothing averaged.
 */
public final class SeriesCollector implements MultiCollector {
  static final String REPETITION = PrometheusNames.PREFIX + "repetition";
  static final String MEASURING = PrometheusNames.PREFIX + "measuring";

  private final LiveRun run;

  public SeriesCollector(LiveRun run) {
    this.run = run;
  }

  @Override
  public MetricSnapshots collect() {
    LiveRun.Now now = run.now();
    String step = now.step().orElse("");
    MetricSnapshots.Builder scrape = MetricSnapshots.builder();
    scrape.metricSnapshot(
        gauge(
            REPETITION,
            "the repetition of the step being observed, 1-based (0 before the first)",
            List.of(point(now.repetition(), labels(step, List.of())))));
    scrape.metricSnapshot(
        gauge(
            MEASURING,
            "1 in a repetition's measured window, 0 in its warm-up and between repetitions",
            List.of(point(now.measuring() ? 1 : 0, labels(step, List.of())))));
    Map<String, List<SeriesValue>> bySeries = new LinkedHashMap<>();
    for (SeriesValue value : now.series().get()) {
      bySeries.computeIfAbsent(value.series(), s -> new ArrayList<>()).add(value);
    }
    bySeries.forEach((series, values) -> scrape.metricSnapshot(snapshot(series, values, step)));
    return scrape.build();
  }

  private Labels labels(String step, List<String> seriesLabels) {
    List<String> pairs = new ArrayList<>(List.of("experiment", run.experiment(), "step", step));
    pairs.addAll(seriesLabels);
    return Labels.of(pairs.toArray(String[]::new));
  }

  private static GaugeSnapshot.GaugeDataPointSnapshot point(double value, Labels labels) {
    return GaugeSnapshot.GaugeDataPointSnapshot.builder().value(value).labels(labels).build();
  }

  private static GaugeSnapshot gauge(
      String name, String help, List<GaugeSnapshot.GaugeDataPointSnapshot> points) {
    GaugeSnapshot.Builder gauge = GaugeSnapshot.builder().name(name).help(help);
    points.forEach(gauge::dataPoint);
    return gauge.build();
  }

  private io.prometheus.metrics.model.snapshots.MetricSnapshot snapshot(
      String series, List<SeriesValue> values, String step) {
    String name = PrometheusNames.metric(series);
    String help = "the observer's series " + series + " (results/README.md)";
    if (PrometheusNames.counter(series)) {
      CounterSnapshot.Builder counter = CounterSnapshot.builder().name(name).help(help);
      for (SeriesValue value : values) {
        counter.dataPoint(
            CounterSnapshot.CounterDataPointSnapshot.builder()
                .value(value.value())
                .labels(labels(step, PrometheusNames.labels(series, value.label())))
                .build());
      }
      return counter.build();
    }
    return gauge(
        name,
        help,
        values.stream()
            .map(v -> point(v.value(), labels(step, PrometheusNames.labels(series, v.label()))))
            .toList());
  }
}
