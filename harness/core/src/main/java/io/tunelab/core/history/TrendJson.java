package io.tunelab.core.history;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunelab.core.stats.ChangePoints;
import io.tunelab.core.stats.ChangePoints.ChangePoint;
import io.tunelab.core.stats.Direction;
import java.util.List;

/**
 * The trends of a suite's history as data: what {@code tunelab history --json} prints and what the
 * trend page draws from, one shape for both.
 */
public final class TrendJson {
  private static final ObjectMapper JSON = new ObjectMapper();

  private TrendJson() {}

  /**
   * @param where the history's place, as {@link HistoryStore#where()} says it
   */
  public static ObjectNode of(
      String suite, String where, List<Trend> trends, ChangePoints detector) {
    ObjectNode root = JSON.createObjectNode().put("suite", suite).put("history", where);
    root.putObject("detector")
        .put("pValue", detector.pValue())
        .put("minRuns", detector.minRuns())
        .put("minChange", detector.minChange());
    ArrayNode all = root.putArray("trends");
    for (Trend trend : trends) {
      ObjectNode t =
          all.addObject()
              .put("experiment", trend.experiment())
              .put("metric", trend.column().name())
              .put("unit", trend.column().metric().unit())
              .put(
                  "direction",
                  trend.column().metric().direction() == Direction.HIGHER_IS_BETTER
                      ? "higher is better"
                      : "lower is better");
      ArrayNode runs = t.putArray("runs");
      for (int i = 0; i < trend.values().length; i++) {
        HistoryRow row = trend.rows().get(i);
        runs.addObject()
            .put("time", row.time().toString())
            .put("commit", row.commit())
            .put("run", row.runId())
            .put("value", trend.values()[i]);
      }
      ArrayNode changes = t.putArray("changePoints");
      for (ChangePoint c : trend.changes()) {
        ObjectNode change =
            changes
                .addObject()
                .put("index", c.index())
                .put("run", trend.rows().get(c.index()).runId())
                .put("before", c.before())
                .put("after", c.after())
                .put("p", c.p())
                .put("worse", trend.worse(c));
        if (Double.isFinite(c.change())) {
          change.put("change", c.change());
        } else {
          change.putNull("change"); // from a level of 0: errors that appeared
        }
      }
    }
    return root;
  }
}
