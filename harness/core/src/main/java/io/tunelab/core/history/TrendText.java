package io.tunelab.core.history;

import io.tunelab.core.stats.ChangePoints;
import io.tunelab.core.stats.ChangePoints.ChangePoint;
import io.tunelab.core.stats.Direction;
import java.util.List;
import java.util.Locale;

/** The trends of a suite's history as text for a terminal or a CI log. */
public final class TrendText {
  private TrendText() {}

  public static String of(String suite, String where, List<Trend> trends, ChangePoints detector) {
    StringBuilder out = new StringBuilder();
    out.append("# History of ").append(suite).append(" (").append(where).append(")\n\n");
    if (trends.isEmpty()) {
      return out.append("No bench run of ")
          .append(suite)
          .append(" in the history yet: tunelab bench appends one row per experiment.\n")
          .toString();
    }
    out.append(
        String.format(
            Locale.ROOT,
            "Change points: E-divisive means with a t-test corrected for the splits searched (p < %s), at least %d runs on"
                + " each side%s. A change in the last %d runs cannot show yet: the gate judges"
                + " those.%n",
            detector.pValue(),
            detector.minRuns(),
            detector.minChange() > 0
                ? String.format(
                    Locale.ROOT, ", changes of %.1f%% or more", 100 * detector.minChange())
                : "",
            detector.minRuns() - 1));
    String experiment = null;
    for (Trend trend : trends) {
      if (!trend.experiment().equals(experiment)) {
        experiment = trend.experiment();
        int runs = trend.rows().size();
        out.append("\n## ")
            .append(experiment)
            .append(" (")
            .append(runs)
            .append(runs == 1 ? " run" : " runs")
            .append(", ")
            .append(OtavaCsv.TIME_FORMAT.format(trend.rows().get(0).time()))
            .append(" to ")
            .append(OtavaCsv.TIME_FORMAT.format(trend.rows().get(runs - 1).time()))
            .append(")\n\n");
      }
      String unit = trend.column().metric().unit();
      out.append(
          String.format(
              Locale.ROOT,
              "- %s (%s%s is better): last %s, median %s over %d runs; %s%n",
              trend.column().name(),
              unit.isEmpty() ? "" : unit + "; ",
              trend.column().metric().direction() == Direction.HIGHER_IS_BETTER
                  ? "higher"
                  : "lower",
              OtavaCsv.number(trend.last()),
              OtavaCsv.number(trend.median()),
              trend.values().length,
              trend.changes().isEmpty()
                  ? "no change point"
                  : trend.changes().size()
                      + (trend.changes().size() == 1 ? " change point" : " change points")));
      for (ChangePoint change : trend.changes()) {
        HistoryRow at = trend.rows().get(change.index());
        out.append(
            String.format(
                Locale.ROOT,
                "  - %s at %s (commit %s, run %s): %s -> %s (%s), p %s%n",
                trend.worse(change) ? "WORSE" : trend.better(change) ? "better" : "changed",
                OtavaCsv.TIME_FORMAT.format(at.time()),
                shortCommit(at.commit()),
                at.runId(),
                OtavaCsv.number(change.before()),
                OtavaCsv.number(change.after()),
                percent(change.change()),
                change.p() < 1e-4 ? "< 0.0001" : String.format(Locale.ROOT, "%.4f", change.p())));
      }
    }
    return out.toString();
  }

  static String shortCommit(String commit) {
    return commit.length() > 12 && commit.matches("[0-9a-f]+") ? commit.substring(0, 12) : commit;
  }

  private static String percent(double change) {
    if (Double.isInfinite(change)) {
      return "from 0";
    }
    return String.format(Locale.ROOT, "%+.1f%%", 100 * change);
  }
}
