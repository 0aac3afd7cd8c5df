package io.tunelab.core.report;

import io.tunelab.core.history.Trend;
import io.tunelab.core.history.TrendJson;
import io.tunelab.core.stats.ChangePoints;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Files.writeString(
          file,
          ReportPage.render(
              TEMPLATE,
              TrendJson.of(suite, where, trends, detector),
              "tunelab: history of " + suite),
          StandardCharsets.UTF_8);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
