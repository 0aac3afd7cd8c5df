package io.tunelab.core.history;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.tunelab.core.stats.Direction;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * The {@code otava.yaml} beside a suite's history files: one Otava {@code csv} test per experiment,
 * named {@code <suite>.<experiment>}, its metrics with their direction (1 higher is better, -1
 * lower is better) so Otava reports a change the right way round. Otava resolves a test's file
 * against the folder it runs in, hence the comment: run it from the history's folder.
 */
public final class OtavaConfig {
  public static final String FILE = "otava.yaml";

  private static final ObjectMapper YAML =
      new ObjectMapper(
          new YAMLFactory()
              .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
              .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));

  private OtavaConfig() {}

  /**
   * The configuration's text.
   *
   * @param experiments each experiment's file name (in the same folder) and metric columns
   */
  public static String of(String suite, Map<String, Experiment> experiments) {
    ObjectNode root = YAML.createObjectNode();
    ObjectNode tests = root.putObject("tests");
    experiments.forEach(
        (name, experiment) -> {
          ObjectNode test = tests.putObject(suite + "." + name);
          test.put("type", "csv");
          test.put("file", experiment.file());
          test.put("time_column", OtavaCsv.TIME);
          OtavaCsv.ATTRIBUTES.forEach(test.putArray("attributes")::add);
          ObjectNode metrics = test.putObject("metrics");
          for (String column : experiment.columns()) {
            Direction direction = HistoryColumn.parse(column).metric().direction();
            metrics
                .putObject(column)
                .put("direction", direction == Direction.HIGHER_IS_BETTER ? 1 : -1);
          }
          test.putObject("csv_options").put("delimiter", ",").put("quote_char", "\"");
        });
    try {
      return "# Apache Otava's configuration for tunelab's bench history of the suite "
          + suite
          + ", written by tunelab bench.\n"
          + "# From this folder: otava analyze "
          + suite
          + ".<experiment> (otava list-tests lists them).\n"
          + YAML.writeValueAsString(root);
    } catch (IOException e) {
      throw new IllegalStateException("cannot write " + FILE, e);
    }
  }

  /** An experiment's history file and its metric columns. */
  public record Experiment(String file, List<String> columns) {}
}
