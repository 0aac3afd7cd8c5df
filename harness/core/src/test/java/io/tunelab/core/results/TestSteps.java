package io.tunelab.core.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Steps of valid batch-order repetitions with given throughputs, for the comparison tests. */
final class TestSteps {
  private TestSteps() {}

  static StepResult step(String name, Map<String, String> knobs, double... throughputs) {
    List<Repetition> reps = new ArrayList<>();
    for (int i = 0; i < throughputs.length; i++) {
      reps.add(
          Repetition.measured(
              i + 1,
              true,
              "ok",
              Metrics.of(throughputs[i], new LatencyMillis(1, 2, 3, 4), 0),
              BatchOrderMeasures.of(null),
              null,
              1,
              name + "/rep-" + (i + 1)));
    }
    return StepResult.of(name, Map.of(), knobs, List.of(), Map.of(), reps);
  }

  /**
   * A running batch-order run of {@code steps}, {@code repetitions} a step, against {@code
   * baseline}.
   */
  static RunResult run(String baseline, int repetitions, StepResult... steps) {
    RunResult run =
        new RunResult(
            "r",
            "r",
            "r.yaml",
            "batch-order",
            "orders/min",
            RunResult.RUNNING,
            false,
            "t",
            null,
            repetitions,
            baseline,
            null,
            List.of());
    for (StepResult step : steps) {
      run = run.withStep(step);
    }
    return run;
  }
}
