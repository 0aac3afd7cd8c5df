package io.tunelab.core.history;

import io.tunelab.core.BadInputException;
import io.tunelab.core.bench.GateMetric;
import java.util.Objects;

/**
 * A column of the history: one metric of one step, named {@code <step>.<metric>} (e.g. {@code
 * brm-50ms.throughput}), the metric's name being a threshold's ({@link GateMetric}).
 */
public record HistoryColumn(String step, GateMetric metric) {
  public HistoryColumn {
    Objects.requireNonNull(step, "step");
    Objects.requireNonNull(metric, "metric");
  }

  public String name() {
    return step + "." + metric.key();
  }

  /**
   * The column of a name.
   *
   * @throws BadInputException when it does not end in a metric's name
   */
  public static HistoryColumn parse(String name) {
    int dot = name.lastIndexOf('.');
    if (dot > 0) {
      var metric = GateMetric.of(name.substring(dot + 1));
      if (metric.isPresent()) {
        return new HistoryColumn(name.substring(0, dot), metric.get());
      }
    }
    throw new BadInputException(
        "the history column '"
            + name
            + "' is not <step>.<metric> with a metric of "
            + GateMetric.names());
  }
}
