package io.tunelab.core.studies;

import io.tunelab.core.cost.WorkCost;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.stats.Summary;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/** A step's {@link StudySummary.Costs}: the medians of its counted repetitions' work costs. */
final class StepCosts {
  private StepCosts() {}

  /** The medians; null when no repetition has a work cost (the run was not observed). */
  static StudySummary.Costs of(List<Repetition> counted) {
    List<WorkCost> costs =
        counted.stream().map(Repetition::workCost).filter(Objects::nonNull).toList();
    if (costs.isEmpty()) {
      return null;
    }
    return new StudySummary.Costs(
        median(costs, c -> c.cpuMillisPerUnit().get("middleware")),
        median(costs, c -> c.cpuMillisPerUnit().get("db")),
        median(costs, c -> c.cpuMillisPerUnit().get("broker")),
        median(costs, WorkCost::walBytesPerUnit),
        median(costs, WorkCost::statementsPerUnit),
        median(costs, WorkCost::commitsPerUnit));
  }

  private static Double median(List<WorkCost> costs, Function<WorkCost, Double> field) {
    List<Double> values = costs.stream().map(field).filter(Objects::nonNull).toList();
    return values.isEmpty() ? null : Rounding.values(Summary.of(values).median());
  }
}
