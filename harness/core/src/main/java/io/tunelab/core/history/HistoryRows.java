package io.tunelab.core.history;

import io.tunelab.core.bench.GateMetric;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.StepResult;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;

/** The history row of a run: every step's value of every metric it has, as a threshold sees it. */
public final class HistoryRows {
  private HistoryRows() {}

  /**
   * The row of {@code run}, at {@code time} (the bench's start, so the experiments of one bench run
   * share it).
   */
  public static HistoryRow of(Instant time, RunResult run) {
    Map<String, Double> values = new LinkedHashMap<>();
    for (StepResult step : run.steps()) {
      for (GateMetric metric : GateMetric.values()) {
        OptionalDouble value = metric.stepValue(step);
        if (value.isPresent() && Double.isFinite(value.getAsDouble())) {
          values.put(new HistoryColumn(step.name(), metric).name(), value.getAsDouble());
        }
      }
    }
    String commit = run.environment() == null ? null : run.environment().gitCommit();
    return new HistoryRow(time, commit, run.runId(), values);
  }
}
