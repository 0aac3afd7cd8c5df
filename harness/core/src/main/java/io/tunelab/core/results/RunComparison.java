package io.tunelab.core.results;

import io.tunelab.core.stats.Difference;
import io.tunelab.core.stats.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * Compares two runs step by step (steps of the same name; when the runs share no step name but have
 * one step each, those two): median ratios B/A of throughput, p50, p99 and errors, each with the
 * {@link Difference} verdict from the repetitions.
 */
public final class RunComparison {
  /** One metric of one step in both runs. */
  public record Row(String step, String metric, double a, double b, Difference difference) {}

  private RunComparison() {}

  public static List<Row> compare(RunResult a, RunResult b) {
    List<Row> rows = new ArrayList<>();
    for (StepResult stepA : a.steps()) {
      b.step(stepA.name()).ifPresent(stepB -> rows.addAll(rows(stepA.name(), stepA, stepB)));
    }
    if (rows.isEmpty() && a.steps().size() == 1 && b.steps().size() == 1) {
      StepResult stepA = a.steps().get(0);
      StepResult stepB = b.steps().get(0);
      rows.addAll(rows(stepA.name() + " vs " + stepB.name(), stepA, stepB));
    }
    return rows;
  }

  private static List<Row> rows(String label, StepResult a, StepResult b) {
    if (a.repetitions().isEmpty() || b.repetitions().isEmpty()) {
      return List.of();
    }
    return List.of(
        row(label, "throughputPerMinute", a, b, Metrics::throughputPerMinute),
        row(label, "latencyMillis.p50", a, b, m -> m.latencyMillis().p50()),
        row(label, "latencyMillis.p99", a, b, m -> m.latencyMillis().p99()),
        row(label, "errors", a, b, Metrics::errors));
  }

  private static Row row(
      String step, String metric, StepResult a, StepResult b, ToDoubleFunction<Metrics> value) {
    Summary sa = StepResult.summary(a.repetitions(), value);
    Summary sb = StepResult.summary(b.repetitions(), value);
    return new Row(step, metric, sa.median(), sb.median(), Difference.between(sa, sb));
  }

  /** The rows as a plain-text table. */
  public static String text(RunResult a, RunResult b, List<Row> rows) {
    StringBuilder out = new StringBuilder();
    out.append("A: ").append(a.runId()).append(" (").append(a.status()).append(")\n");
    out.append("B: ").append(b.runId()).append(" (").append(b.status()).append(")\n");
    if (rows.isEmpty()) {
      return out.append("no step in common: nothing to compare\n").toString();
    }
    out.append(
        String.format(
            Locale.ROOT,
            "%-28s %-20s %12s %12s %8s  %s%n",
            "step",
            "metric",
            "A",
            "B",
            "B/A",
            "verdict"));
    for (Row row : rows) {
      out.append(
          String.format(
              Locale.ROOT,
              "%-28s %-20s %12.1f %12.1f %8s  %s%n",
              row.step(),
              row.metric(),
              row.a(),
              row.b(),
              Double.isNaN(row.difference().ratio())
                  ? "-"
                  : String.format(Locale.ROOT, "%.3f", row.difference().ratio()),
              row.difference().verdict().text()));
    }
    out.append(
        "Significant only when the 95% intervals do not overlap and the change exceeds the"
            + " CV.\n");
    return out.toString();
  }
}
