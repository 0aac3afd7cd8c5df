package io.tunelab.core.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A run's {@code report.html}: one self-contained page (Chart.js and the data inlined, no network)
 * with the summary table (baseline = 100), per step and repetition the observer's charts, top SQL,
 * findings with their evidence, the knobs, the environment and links to JMeter's files.
 */
public final class HtmlReport {
  public static final String FILE = "report.html";

  private HtmlReport() {}

  /**
   * Writes (or rewrites) {@code report.html} in a run's folder from what the folder holds; an
   * unfinished run's page says so.
   *
   * @return the page's path
   * @throws io.tunelab.core.BadInputException when the folder holds no {@code run.json}
   */
  public static Path write(Path runDir) {
    ObjectNode model = ReportModel.of(runDir);
    String title =
        model.path("run").path("experiment").asText()
            + " ("
            + model.path("run").path("runId").asText()
            + ")";
    String page = ReportPage.render(ReportPage.RUN_TEMPLATE, model, "tunelab: " + title);
    Path target = runDir.resolve(FILE);
    Path aside = runDir.resolve(FILE + ".tmp");
    try {
      Files.writeString(aside, page, StandardCharsets.UTF_8);
      return Files.move(
          aside, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + target, e);
    }
  }
}
