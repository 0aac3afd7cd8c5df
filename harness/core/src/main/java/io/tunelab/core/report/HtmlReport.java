package io.tunelab.core.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunelab.core.results.ResultFormat;
import io.tunelab.core.results.RunFiles;
import io.tunelab.core.results.RunResult;
import java.nio.file.Path;
import java.util.List;

/**
 * A run's {@code report.html}: one self-contained page (Chart.js and the data inlined, no network)
 * with the summary table (baseline = 100), per step and repetition the observer's charts, top SQL,
 * findings with their evidence, the knobs, the environment and links to JMeter's files.
 */
public final class HtmlReport implements ResultFormat {
  public static final String FILE = "report.html";

  /** The page as a format of its run's results. */
  public static final HtmlReport FORMAT = new HtmlReport();

  private HtmlReport() {}

  /**
   * Writes (or rewrites) {@code report.html} in a run's folder from what the folder holds; an
   * unfinished run's page says so.
   *
   * @return the page's path
   * @throws io.tunelab.core.BadInputException when the folder holds no {@code run.json}
   */
  public static Path write(Path runDir) {
    return RunFiles.write(runDir, RunFiles.read(runDir), List.of(FORMAT)).get(0);
  }

  @Override
  public String file() {
    return FILE;
  }

  @Override
  public String render(RunResult run, Path runDir) {
    ObjectNode model = ReportModel.of(runDir, run);
    String title =
        model.path("run").path("experiment").asText()
            + " ("
            + model.path("run").path("runId").asText()
            + ")";
    return ReportPage.render(ReportPage.RUN_TEMPLATE, model, "tunelab: " + title);
  }

  @Override
  public String toString() {
    return FILE;
  }
}
