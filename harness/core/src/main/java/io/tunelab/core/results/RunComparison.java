package io.tunelab.core.results;

import io.tunelab.core.stats.Comparison;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Compares two runs step by step (steps of the same name; when the runs share no step name but have
 * one step each, those two): throughput, p50, p99, p99.9 and errors of B against A, each a {@link
 * Comparison} of the repetitions' values (Welch's test, Fieller's interval of the ratio of means, a
 * verdict by the metric's direction). Every row of one comparison is one family: the p-values are
 * Holm-adjusted over all of them, so comparing 2 steps x 5 metrics does not find ten chances to
 * call noise a change. A p99.9 row needs every repetition of both steps to have p99.9 (run.json
 * schemaVersion 2).
 */
public final class RunComparison {
  /**
   * One metric of one step in both runs.
   *
   * @param step the step's name (or "A's vs B's" for two single-step runs)
   * @param metric its key in run.json's metrics, e.g. {@code latencyMillis.p99}
   * @param comparison B against A, Holm-adjusted over the comparison's rows
   */
  public record Row(String step, String metric, Comparison comparison) {}

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
    List<Comparison> adjusted = Comparison.holm(rows.stream().map(Row::comparison).toList());
    List<Row> out = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      out.add(new Row(rows.get(i).step(), rows.get(i).metric(), adjusted.get(i)));
    }
    return out;
  }

  private static List<Row> rows(String label, StepResult a, StepResult b) {
    List<Row> rows = new ArrayList<>();
    for (ComparedMetric metric : ComparedMetric.values()) {
      Optional<Comparison> c = metric.compare(a, b);
      c.ifPresent(comparison -> rows.add(new Row(label, metric.key(), comparison)));
    }
    return rows;
  }

  /** The rows as a plain-text table, with how to read it. */
  public static String text(RunResult a, RunResult b, List<Row> rows) {
    StringBuilder out = new StringBuilder();
    out.append("A: ").append(a.runId()).append(" (").append(a.status()).append(")\n");
    out.append("B: ").append(b.runId()).append(" (").append(b.status()).append(")\n");
    for (String difference : EnvironmentDifferences.of(a, b)) {
      out.append("the runs differ in ").append(difference).append("\n");
    }
    if (rows.isEmpty()) {
      return out.append("no step in common: nothing to compare\n").toString();
    }
    String format = "%-24s %-20s %5s %11s %11s %7s %-18s %8s %8s  %s%n";
    out.append(
        String.format(
            Locale.ROOT,
            format,
            "step",
            "metric",
            "n A/B",
            "A mean",
            "B mean",
            "B/A",
            "95% CI of B/A",
            "p",
            "p (Holm)",
            "verdict"));
    for (Row row : rows) {
      Comparison c = row.comparison();
      out.append(
          String.format(
              Locale.ROOT,
              format,
              row.step(),
              row.metric(),
              c.nA() + "/" + c.nB(),
              String.format(Locale.ROOT, "%.1f", c.meanA()),
              String.format(Locale.ROOT, "%.1f", c.meanB()),
              ComparisonText.ratio(c),
              ComparisonText.interval(c),
              ComparisonText.p(c.p()),
              ComparisonText.p(c.pAdjusted()),
              ComparisonText.verdict(c)));
    }
    return out.append(footer(rows)).toString();
  }

  private static String footer(List<Row> rows) {
    long tested = rows.stream().filter(r -> r.comparison().p() != null).count();
    return "Means over the repetitions (n per side). p: Welch's t-test, two-sided. 95% CI of B/A:"
        + " Fieller's interval of the ratio of means (t at the Welch df; unbounded when A's mean"
        + " is not distinguishable from 0).\np (Holm): adjusted over the "
        + tested
        + " tests above; the verdict is at 5% on it, by the metric's direction (throughput:"
        + " higher is better; latency and errors: lower). MDE: the smallest change of the mean,"
        + " in % of A, these repetitions would detect with 80% power.\nLatency rows test each"
        + " repetition's own percentile (the unit of replication is the repetition), not the"
        + " step's merged-histogram percentiles of run.json.\n";
  }
}
