package io.tunelab.core.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunelab.core.results.ComparisonText;
import io.tunelab.core.results.OutputFiles;
import io.tunelab.core.results.RunComparison;
import io.tunelab.core.results.RunFiles;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.StepFindings;
import io.tunelab.core.results.StepResult;
import io.tunelab.core.stats.Comparison;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A side-by-side page of two runs ({@code tunelab compare --html FILE}): the comparison rows
 * (means, ratio with Fieller's 95% interval, Welch p, Holm-adjusted p, verdict, MDE), A and B per
 * step as bar charts, each step's findings in both runs, and links to both runs' own reports.
 * Self-contained like {@link HtmlReport}.
 */
public final class CompareReport {
  private static final ObjectMapper JSON = new ObjectMapper();

  private CompareReport() {}

  /**
   * Writes the page to {@code file}.
   *
   * @param runA the reference run's folder or run.json
   * @param runB the compared run's folder or run.json
   * @throws io.tunelab.core.BadInputException when either holds no run
   */
  public static Path write(Path runA, Path runB, Path file) {
    RunResult a = RunFiles.read(runA);
    RunResult b = RunFiles.read(runB);
    ObjectNode model = JSON.createObjectNode();
    Path pageDir = file.toAbsolutePath().getParent();
    model.set("a", side(a, runA, pageDir));
    model.set("b", side(b, runB, pageDir));
    ArrayNode differences = model.putArray("differences");
    io.tunelab.core.results.EnvironmentDifferences.of(a, b).forEach(differences::add);
    ArrayNode rows = model.putArray("rows");
    for (RunComparison.Row row : RunComparison.compare(a, b)) {
      ObjectNode r = rows.addObject();
      r.put("step", row.step());
      r.put("metric", row.metric());
      Comparison c = row.comparison();
      r.put("a", c.meanA());
      r.put("b", c.meanB());
      r.set("comparison", JSON.valueToTree(c));
      r.put("verdict", ComparisonText.verdict(c));
    }
    String title = "tunelab: " + a.runId() + " vs " + b.runId();
    return OutputFiles.replace(file, ReportPage.render(ReportPage.COMPARE_TEMPLATE, model, title));
  }

  private static ObjectNode side(RunResult run, Path given, Path pageDir) {
    ObjectNode side = JSON.createObjectNode();
    side.set("run", JSON.valueToTree(run));
    Path dir = Files.isDirectory(given) ? given : given.toAbsolutePath().getParent();
    Path report = dir.resolve(HtmlReport.FILE).toAbsolutePath();
    if (Files.isRegularFile(report)) {
      side.put("report", pageDir.relativize(report).toString().replace('\\', '/'));
    }
    ObjectNode findings = side.putObject("findings");
    for (StepResult step : run.steps()) {
      List<StepFindings.Counted> counted = StepFindings.of(step);
      boolean observed = step.repetitions().stream().anyMatch(r -> r.findings() != null);
      findings.set(step.name(), observed ? JSON.valueToTree(counted) : NullNode.getInstance());
    }
    return side;
  }
}
