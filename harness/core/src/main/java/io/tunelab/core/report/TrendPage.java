package io.tunelab.core.report;

import io.tunelab.core.history.Trend;
import io.tunelab.core.history.TrendJson;
import io.tunelab.core.results.OutputFiles;
import io.tunelab.core.stats.ChangePoints;
import java.nio.file.Path;
import java.util.List;

/**
 * The trend page of a suite's history ({@code tunelab history}): per experiment and metric, its
 * values run after run with the level between change points, and a table of the change points.
 * Drawn from {@link TrendJson}; self-contained like {@link HtmlReport}.
 */
public final class TrendPage {
  static final String TEMPLATE = "history.html";

  private TrendPage() {}

  /** Writes the page to {@code file} and returns it. */
  public static Path write(
      String suite, String where, List<Trend> trends, ChangePoints detector, Path file) {
    return OutputFiles.replace(
        file,
        ReportPage.render(
            TEMPLATE,
            TrendJson.of(suite, where, trends, detector),
            "tunelab: history of " + suite));
  }
}
