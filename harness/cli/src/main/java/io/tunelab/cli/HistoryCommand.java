package io.tunelab.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.tunelab.core.BadInputException;
import io.tunelab.core.ExitCodes;
import io.tunelab.core.bench.SuiteReader;
import io.tunelab.core.history.HistoryStore;
import io.tunelab.core.history.Trend;
import io.tunelab.core.history.TrendJson;
import io.tunelab.core.history.TrendText;
import io.tunelab.core.report.TrendPage;
import io.tunelab.core.stats.ChangePoints;
import io.tunelab.run.history.Histories;
import io.tunelab.tiers.TunelabHome;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tunelab history SUITE}: the trend of each metric over a suite's bench runs. */
@Command(
    name = "history",
    description = {
      "Print the trend of every metric of a benchmark suite over its bench runs (each tunelab"
          + " bench appends one row per experiment), find its change points and write a"
          + " self-contained HTML page of the trends.",
      "Change points: E-divisive means with a t-test corrected for the splits searched, as"
          + " docs/benchmarks.md explains. Exit code 0, 2 bad input (a suite, a history that is no"
          + " history, a database out of reach)."
    })
final class HistoryCommand implements Callable<Integer> {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "SUITE",
      description = "a suite's file (benchmarks/nightly.yaml) or name (nightly)")
  String suite;

  @Option(
      names = "--history",
      paramLabel = "DIR|JDBC-URL",
      description =
          "Where bench kept the history: a folder of Otava-shaped CSV files (default:"
              + " results/history) or jdbc:postgresql://HOST:PORT/DB?user=U&password=P.")
  String history;

  @Option(
      names = "--html",
      paramLabel = "FILE",
      description = "The trend page (default: results/history/<suite>.html).")
  Path html;

  @Option(
      names = "--p-value",
      paramLabel = "P",
      description = "Largest p-value of a change point (default: ${DEFAULT-VALUE}).")
  double pValue = ChangePoints.DEFAULTS.pValue();

  @Option(
      names = "--min-change",
      paramLabel = "PERCENT",
      description = "Smallest change of the mean reported, in %% (default: ${DEFAULT-VALUE}).")
  double minChangePercent = 0;

  @Option(
      names = "--min-runs",
      paramLabel = "N",
      description = "Fewest runs on each side of a change point (default: ${DEFAULT-VALUE}).")
  int minRuns = ChangePoints.DEFAULTS.minRuns();

  @Option(names = "--json", description = "Print the trends as JSON instead of text.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    ChangePoints detector;
    try {
      detector = new ChangePoints(pValue, minChangePercent / 100, minRuns);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(e.getMessage() + " (see tunelab history --help)", e);
    }
    String name = suiteName(suite);
    TunelabHome home = TunelabHome.locate();
    Path defaultRoot = home.results().resolve("history");
    HistoryStore store = Histories.open(history, defaultRoot);
    List<Trend> trends = Trend.of(store.read(name), detector);
    Path page =
        TrendPage.write(
            name,
            store.where(),
            trends,
            detector,
            html != null ? html : defaultRoot.resolve(name + ".html"));
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(JSON.writeValueAsString(TrendJson.of(name, store.where(), trends, detector)));
    } else {
      out.print(TrendText.of(name, store.where(), trends, detector));
      out.println("\ntrends: " + page);
    }
    out.flush();
    return ExitCodes.VALID;
  }

  /** The suite's name: read from its file when SUITE is one, SUITE itself otherwise. */
  private static String suiteName(String suite) {
    Path file = Path.of(suite);
    if (suite.endsWith(".yaml") || suite.endsWith(".yml") || Files.isRegularFile(file)) {
      return SuiteReader.read(file).name();
    }
    if (!suite.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
      throw new BadInputException(
          "'"
              + suite
              + "' is neither a suite's file nor a suite's name (letters, digits, ., - and _)");
    }
    return suite;
  }
}
