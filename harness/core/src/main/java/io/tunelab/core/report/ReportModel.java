package io.tunelab.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RunFiles;
import io.tunelab.core.results.RunLayout;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.ScalingLoss;
import io.tunelab.core.results.StepFindings;
import io.tunelab.core.results.StepResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The data of a run's report, read from its folder: {@code run.json} whole, the steps past their
 * ladder's peak ({@link ScalingLoss}), and per step its findings counted over the repetitions, per
 * repetition its charts (from {@code series.csv} and {@code latency.hlog}), GC summary ({@code
 * gc.json}), top SQL ({@code db-snapshot.json}) and links to its JMeter files and latency log.
 */
final class ReportModel {
  /** Statements shown per repetition, the most total time first. */
  static final int TOP_SQL = 10;

  static final String DASHBOARD = RunLayout.load(RunLayout.DASHBOARD + "/index.html");
  static final String JTL = RunLayout.load(RunLayout.JTL);

  private static final ObjectMapper JSON = new ObjectMapper();

  private ReportModel() {}

  /**
   * @throws io.tunelab.core.BadInputException when {@code runDir} holds no run
   */
  static ObjectNode of(Path runDir) {
    return of(runDir, RunFiles.read(runDir));
  }

  /** The model of {@code run}, with what its folder {@code runDir} holds beside it. */
  static ObjectNode of(Path runDir, RunResult run) {
    ObjectNode model = JSON.createObjectNode();
    model.set("run", JSON.valueToTree(run));
    ArrayNode pastPeak = model.putArray("pastPeak");
    ScalingLoss.of(run.steps()).forEach(loss -> pastPeak.add(loss.text()));
    ArrayNode steps = model.putArray("steps");
    for (StepResult step : run.steps()) {
      ObjectNode s = steps.addObject();
      s.put("name", step.name());
      s.set("findings", JSON.valueToTree(StepFindings.of(step)));
      s.set("operations", OperationsModel.operations(step));
      s.set("errors", OperationsModel.errors(step));
      ArrayNode reps = s.putArray("repetitions");
      for (Repetition rep : step.repetitions()) {
        reps.add(repetition(runDir, rep));
      }
    }
    return model;
  }

  private static ObjectNode repetition(Path runDir, Repetition rep) {
    ObjectNode r = JSON.createObjectNode();
    r.put("number", rep.number());
    r.put("rawData", rep.rawData());
    Path dir = runDir.resolve(rep.rawData() == null ? "" : rep.rawData());
    JsonNode observations = read(dir.resolve(RunLayout.OBSERVATIONS));
    long measuredFrom = observations.path("measuredFromMillis").asLong(-1);
    r.put("observed", !observations.isMissingNode());
    r.put("warmupSeconds", warmupSeconds(observations));
    r.set(
        "charts",
        RepetitionCharts.of(
            SeriesCsv.read(dir.resolve(RunLayout.SERIES), measuredFrom),
            LatencyOverTime.read(dir.resolve(RunLayout.HLOG), measuredFrom)));
    r.set("gc", orNull(read(dir.resolve(RunLayout.GC)).path("measured")));
    r.set("topSql", topSql(read(dir.resolve(RunLayout.DB_SNAPSHOT))));
    r.set("observerErrors", orNull(observations.path("errors")));
    ObjectNode links = r.putObject("links");
    link(links, "JMeter dashboard", runDir, rep.rawData(), DASHBOARD);
    link(links, "JMeter JTL", runDir, rep.rawData(), JTL);
    link(links, RunLayout.FINDINGS, runDir, rep.rawData(), RunLayout.FINDINGS);
    link(links, RunLayout.SERIES, runDir, rep.rawData(), RunLayout.SERIES);
    link(links, RunLayout.HLOG, runDir, rep.rawData(), RunLayout.HLOG);
    link(links, RunLayout.JFR, runDir, rep.rawData(), RunLayout.JFR);
    return r;
  }

  private static double warmupSeconds(JsonNode observations) {
    long start = observations.path("startMillis").asLong(0);
    long measured = observations.path("measuredFromMillis").asLong(0);
    return Math.max(0, measured - start) / 1000.0;
  }

  private static ArrayNode topSql(JsonNode snapshot) {
    ArrayNode top = JSON.createArrayNode();
    for (JsonNode statement : snapshot.path("topStatements")) {
      if (top.size() == TOP_SQL) {
        break;
      }
      top.add(statement);
    }
    return top;
  }

  /** A link relative to the run folder (the page's folder), when the file is there. */
  private static void link(ObjectNode links, String name, Path runDir, String raw, String file) {
    if (raw != null && Files.isRegularFile(runDir.resolve(raw).resolve(file))) {
      links.put(name, raw + "/" + file);
    }
  }

  private static JsonNode orNull(JsonNode node) {
    return node.isMissingNode() ? NullNode.getInstance() : node;
  }

  private static JsonNode read(Path file) {
    if (!Files.isRegularFile(file)) {
      return MissingNode.getInstance();
    }
    try {
      return JSON.readTree(file.toFile());
    } catch (IOException e) {
      // A file cut short (the run was killed while writing it) costs its section, not the page.
      return MissingNode.getInstance();
    }
  }
}
