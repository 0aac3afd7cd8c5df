package io.tunelab.core.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunelab.core.history.HistoryRow;
import io.tunelab.core.history.Trend;
import io.tunelab.core.stats.ChangePoints;
import io.tunelab.core.stats.ChangePoints.ChangePoint;
import io.tunelab.core.stats.Direction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The trend page of a suite's history ({@code tunelab history}): per experiment and metric, its
 * values run after run with the level between change points, and a table of the change points.
 * Self-contained like {@link HtmlReport}.
 */
public final class TrendPage {
  static final String TEMPLATE = "history.html";
  private static final ObjectMapper JSON = new ObjectMapper();

  private TrendPage() {}

  /** Writes the page to {@code file} and returns it. */
  public static Path write(
      String suite, String where, List<Trend> trends, ChangePoints detector, Path file) {
    ObjectNode model = JSON.createObjectNode();
    model.put("suite", suite);
    model.put("where", where);
    model
        .putObject("detector")
        .put("pValue", detector.pValue())
        .put("minRuns", detector.minRuns())
        .put("minChange", detector.minChange());
    ArrayNode all = model.putArray("trends");
    for (Trend trend : trends) {
      ObjectNode t = all.addObject();
      t.put("experiment", trend.experiment());
      t.put("column", trend.column().name());
      t.put("unit", trend.column().metric().unit());
      t.put(
          "direction",
          trend.column().metric().direction() == Direction.HIGHER_IS_BETTER
              ? "higher is better"
              : "lower is better");
      ArrayNode points = t.putArray("points");
      for (int i = 0; i < trend.values().length; i++) {
        HistoryRow row = trend.rows().get(i);
        points
            .addObject()
            .put("time", row.time().toString())
            .put("commit", row.commit())
            .put("run", row.runId())
            .put("value", trend.values()[i]);
      }
      ArrayNode changes = t.putArray("changes");
      for (ChangePoint c : trend.changes()) {
        ObjectNode change =
            changes
                .addObject()
                .put("index", c.index())
                .put("before", c.before())
                .put("after", c.after())
                .put("p", c.p())
                .put("worse", trend.worse(c));
        if (Double.isFinite(c.change())) {
          change.put("change", c.change());
        } else {
          change.putNull("change");
        }
      }
    }
    try {
      Path dir = file.toAbsolutePath().getParent();
      Files.createDirectories(dir);
      Files.writeString(
          file,
          ReportPage.render(TEMPLATE, model, "tunelab: history of " + suite),
          StandardCharsets.UTF_8);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
