package io.tunelab.core.history;

import io.tunelab.core.stats.ChangePoints;
import io.tunelab.core.stats.ChangePoints.ChangePoint;
import io.tunelab.core.stats.Direction;
import io.tunelab.core.stats.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The trend of one metric of one experiment over a suite's history: its values in time order (the
 * runs that have it) and the change points found in them.
 *
 * @param rows the runs with a value of the column, oldest first
 * @param values their values, in the same order
 */
public record Trend(
    String experiment,
    HistoryColumn column,
    List<HistoryRow> rows,
    double[] values,
    List<ChangePoint> changes) {

  /** Every metric of every experiment of a suite's history, searched for change points. */
  public static List<Trend> of(Map<String, List<HistoryRow>> history, ChangePoints detector) {
    List<Trend> trends = new ArrayList<>();
    history.forEach(
        (experiment, rows) -> {
          for (String name : OtavaCsv.columns(rows)) {
            List<HistoryRow> with =
                rows.stream().filter(r -> r.values().get(name) != null).toList();
            double[] values = with.stream().mapToDouble(r -> r.values().get(name)).toArray();
            trends.add(
                new Trend(
                    experiment, HistoryColumn.parse(name), with, values, detector.detect(values)));
          }
        });
    return trends;
  }

  public double last() {
    return values[values.length - 1];
  }

  public double median() {
    List<Double> all = new ArrayList<>();
    for (double v : values) {
      all.add(v);
    }
    return Summary.of(all).median();
  }

  /** Whether a change point is for the better in this metric's direction. */
  public boolean better(ChangePoint change) {
    return column.metric().direction().better(change.before(), change.after());
  }

  /** A change for the worse: lower throughput, higher latency, errors or cost. */
  public boolean worse(ChangePoint change) {
    Direction direction = column.metric().direction();
    return direction.better(change.after(), change.before());
  }
}
