package io.tunelab.core.results;

import io.tunelab.core.stats.Comparison;
import java.util.List;
import java.util.Objects;

/**
 * How precisely a run's repetitions so far answer its question, for the adaptive stopping rule: the
 * minimum detectable effect (80% power, 5% two-sided, as a fraction of the baseline) of each
 * comparison with the baseline. A step's figure is that of the comparisons it takes part in: its
 * own with the baseline, and for the baseline the worst of all. A run without a baseline comparison
 * (one step, or no baseline) judges each step against an equally precise copy of itself.
 */
public final class Precision {
  private Precision() {}

  /** The step's minimum detectable effect, a fraction; NaN when it cannot be told yet. */
  public static double mde(RunResult run, String step) {
    List<Comparison> compared = comparisons(run);
    if (compared.isEmpty()) {
      return run.step(step).map(Precision::againstItself).orElse(Double.NaN);
    }
    if (step.equals(run.baseline())) {
      return worst(compared);
    }
    return run.step(step).map(StepResult::vsBaseline).map(Precision::detectable).orElse(Double.NaN);
  }

  /** The largest minimum detectable effect of the run's comparisons; NaN when none is tested. */
  public static double worstMde(RunResult run) {
    List<Comparison> compared = comparisons(run);
    if (!compared.isEmpty()) {
      return worst(compared);
    }
    return run.steps().stream()
        .mapToDouble(Precision::againstItself)
        .reduce(Double.NaN, (a, b) -> Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b));
  }

  private static List<Comparison> comparisons(RunResult run) {
    return run.steps().stream()
        .map(StepResult::vsBaseline)
        .filter(Objects::nonNull)
        .filter(c -> c.p() != null)
        .toList();
  }

  private static double worst(List<Comparison> compared) {
    double worst = Double.NaN;
    for (Comparison c : compared) {
      double d = detectable(c);
      if (Double.isNaN(d)) {
        return Double.NaN; // one comparison not yet known: the run is not yet precise
      }
      worst = Double.isNaN(worst) ? d : Math.max(worst, d);
    }
    return worst;
  }

  private static double detectable(Comparison c) {
    Double d = c == null ? null : c.detectable();
    return d == null ? Double.NaN : d;
  }

  /** The step compared with an equally precise copy of itself. */
  private static double againstItself(StepResult step) {
    return ComparedMetric.THROUGHPUT
        .compare(step, step, false)
        .map(Precision::detectable)
        .orElse(Double.NaN);
  }
}
