package io.tunelab.core.experiment;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The metric a {@link Study} compares steps on: one value per repetition, as run.json holds it.
 * Names carry their units; the per-unit costs need an observed run (the observer's {@code
 * workCost}), the mean latency a request plan (concurrent-soap, sort-requests: {@code
 * requests.overall.meanMillis}).
 */
public enum StudyMetric {
  /** {@code metrics.throughputPerMinute}, in the run's throughput unit. */
  THROUGHPUT("throughput", "the run's throughput unit, per minute"),
  LATENCY_MEAN_MILLIS("latencyMeanMillis", "ms, request plans only"),
  LATENCY_P50_MILLIS("latencyP50Millis", "ms"),
  LATENCY_P90_MILLIS("latencyP90Millis", "ms"),
  LATENCY_P99_MILLIS("latencyP99Millis", "ms"),
  LATENCY_P999_MILLIS("latencyP999Millis", "ms"),
  /** Middleware, database and broker CPU together per completed order or answered request. */
  SUT_CPU_MILLIS_PER_UNIT("sutCpuMillisPerUnit", "CPU ms per unit, observed runs"),
  MIDDLEWARE_CPU_MILLIS_PER_UNIT("middlewareCpuMillisPerUnit", "CPU ms per unit, observed runs"),
  DB_CPU_MILLIS_PER_UNIT("dbCpuMillisPerUnit", "CPU ms per unit, observed runs"),
  WAL_BYTES_PER_UNIT("walBytesPerUnit", "bytes per unit, observed runs"),
  STATEMENTS_PER_UNIT("statementsPerUnit", "statements per unit, observed runs");

  private final String key;
  private final String unit;

  StudyMetric(String key, String unit) {
    this.key = key;
    this.unit = unit;
  }

  /** Its name in a study block and in results/studies. */
  public String key() {
    return key;
  }

  /** Its unit and where it is available, for messages. */
  public String unit() {
    return unit;
  }

  public static Optional<StudyMetric> of(String key) {
    return Arrays.stream(values()).filter(m -> m.key.equals(key)).findFirst();
  }

  public static List<String> keys() {
    return Arrays.stream(values()).map(StudyMetric::key).toList();
  }
}
