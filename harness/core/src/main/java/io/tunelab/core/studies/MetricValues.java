package io.tunelab.core.studies;

import io.tunelab.core.experiment.StudyMetric;
import io.tunelab.core.results.Metrics;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RequestMetrics;
import java.util.Optional;

/** A {@link StudyMetric}'s value in one repetition of run.json, where it has one. */
final class MetricValues {
  private MetricValues() {}

  /** The value; empty when the repetition does not have it (no observer, no mean latency). */
  static Optional<Double> of(StudyMetric metric, Repetition repetition) {
    Metrics m = repetition.metrics();
    return Optional.ofNullable(
        switch (metric) {
          case THROUGHPUT -> m.throughputPerMinute();
          case LATENCY_MEAN_MILLIS -> meanMillis(repetition);
          case LATENCY_P50_MILLIS -> m.latencyMillis() == null ? null : m.latencyMillis().p50();
          case LATENCY_P90_MILLIS -> m.latencyMillis() == null ? null : m.latencyMillis().p90();
          case LATENCY_P99_MILLIS -> m.latencyMillis() == null ? null : m.latencyMillis().p99();
          case LATENCY_P999_MILLIS -> m.latencyMillis() == null ? null : m.latencyMillis().p999();
          case SUT_CPU_MILLIS_PER_UNIT ->
              repetition.workCost() == null ? null : repetition.workCost().sutCpuMillisPerUnit();
          case MIDDLEWARE_CPU_MILLIS_PER_UNIT -> cpu(repetition, "middleware");
          case DB_CPU_MILLIS_PER_UNIT -> cpu(repetition, "db");
          case WAL_BYTES_PER_UNIT ->
              repetition.workCost() == null ? null : repetition.workCost().walBytesPerUnit();
          case STATEMENTS_PER_UNIT ->
              repetition.workCost() == null ? null : repetition.workCost().statementsPerUnit();
        });
  }

  /** The unit of a metric's values in a run whose throughput is in {@code throughputUnit}. */
  static String unit(StudyMetric metric, String throughputUnit) {
    return switch (metric) {
      case THROUGHPUT -> throughputUnit;
      case LATENCY_MEAN_MILLIS,
          LATENCY_P50_MILLIS,
          LATENCY_P90_MILLIS,
          LATENCY_P99_MILLIS,
          LATENCY_P999_MILLIS ->
          "ms";
      case SUT_CPU_MILLIS_PER_UNIT, MIDDLEWARE_CPU_MILLIS_PER_UNIT, DB_CPU_MILLIS_PER_UNIT ->
          "CPU ms per " + workUnit(throughputUnit);
      case WAL_BYTES_PER_UNIT -> "WAL bytes per " + workUnit(throughputUnit);
      case STATEMENTS_PER_UNIT -> "statements per " + workUnit(throughputUnit);
    };
  }

  // "orders/min" -> "order": the unit a work cost is per
  private static String workUnit(String throughputUnit) {
    if (throughputUnit == null || !throughputUnit.contains("/")) {
      return "unit";
    }
    return throughputUnit.substring(0, throughputUnit.indexOf('/')).replaceFirst("s$", "");
  }

  private static Double meanMillis(Repetition repetition) {
    RequestMetrics requests = repetition.measures().requests();
    return requests == null || requests.overall() == null ? null : requests.overall().meanMillis();
  }

  private static Double cpu(Repetition repetition, String tier) {
    return repetition.workCost() == null
        ? null
        : repetition.workCost().cpuMillisPerUnit().get(tier);
  }
}
