package io.tunelab.cli;

import io.tunelab.core.BadInputException;
import io.tunelab.core.ExitCodes;
import io.tunelab.core.bench.BaselineBootstrap;
import io.tunelab.core.bench.BaselineStore;
import io.tunelab.core.bench.BaselineUse;
import io.tunelab.core.bench.BenchFiles;
import io.tunelab.core.bench.BenchMarkdown;
import io.tunelab.core.bench.BenchResult;
import io.tunelab.core.bench.BenchRun;
import io.tunelab.core.bench.Check;
import io.tunelab.core.bench.Fingerprint;
import io.tunelab.core.bench.Gate;
import io.tunelab.core.bench.GateCase;
import io.tunelab.core.bench.StepThreshold;
import io.tunelab.core.bench.Suite;
import io.tunelab.core.bench.SuiteReader;
import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.ExperimentReader;
import io.tunelab.core.experiment.ProtocolOverrides;
import io.tunelab.core.experiment.Step;
import io.tunelab.core.history.HistoryRows;
import io.tunelab.core.history.HistoryStore;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.RunStatus;
import io.tunelab.run.ExperimentRunner;
import io.tunelab.run.Machine;
import io.tunelab.run.OutsideEndpoints;
import io.tunelab.run.Progress;
import io.tunelab.run.ProviderFit;
import io.tunelab.run.Sampler;
import io.tunelab.run.history.Histories;
import io.tunelab.run.metrics.LiveRun;
import io.tunelab.run.metrics.MetricsEndpoint;
import io.tunelab.tiers.TunelabHome;
import io.tunelab.tiers.stack.StackProvider;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Runs a benchmark suite and gates it: each experiment's run against its thresholds, the relative
 * ones against the suite's committed baselines.
 */
@Command(
    name = "bench",
    description = {
      "Run a benchmark suite (YAML: experiments and the thresholds each must meet, see"
          + " docs/benchmarks.md) on a stack (embedded unless --provider says otherwise), one"
          + " experiment after the other, and gate it: absolute thresholds on each step's value,"
          + " relative ones against this machine's baseline in"
          + " results/baselines/<suite>/<machine>/ (a change fails only when past its threshold and"
          + " significant, Holm over the suite).",
      "A machine without a baseline records its own first: the suite's first baselineNights"
          + " nights (default 3) each add their run to it and their relative checks are"
          + " 'recording', not judged; from the next night on the gate compares with all of them."
          + " --record-baseline starts a new one.",
      "Writes results/bench-<time>-<suite>/: bench.json, junit.xml (for CI servers) and"
          + " summary.md; each experiment's run is its own results/<run-id>/.",
      "Exit code 0 every run valid and every check passed or recording; 1 a run is invalid; 2 bad"
          + " input (the suite, an experiment, a threshold, a baseline file) before anything"
          + " starts; 3 the harness or a tier failed; 4 the gate failed (a threshold crossed, a"
          + " regression, a check that could not be judged)."
    })
final class BenchCommand implements Callable<Integer> {
  private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "SUITE", description = "e.g. benchmarks/nightly.yaml")
  Path suiteFile;

  @Option(
      names = "--baselines",
      paramLabel = "DIR",
      description = "The baselines' folder (default: results/baselines of the checkout).")
  Path baselines;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "Folder the runs and the suite's folder are made in (default: results/).")
  Path out;

  @Option(
      names = "--allow-other-machine",
      description =
          "With no baseline of this machine's own, compare with another machine's complete"
              + " baseline, and with one measured with other parts (by default a machine records"
              + " its own: other numbers rarely compare).")
  boolean allowOtherMachine;

  @Option(
      names = "--record-baseline",
      description =
          "Start a new baseline of this machine with tonight's runs (after a change of the"
              + " middleware's costs, say): their relative checks record instead of judging, and"
              + " the gate starts once the suite's baselineNights are recorded.")
  boolean recordBaseline;

  @Option(names = "--json", description = "Print bench.json instead of the summary.")
  boolean json;

  @Option(names = "--no-observe", description = "Do not watch the tiers (no cost metrics).")
  boolean noObserve;

  @Option(
      names = "--history",
      paramLabel = "DIR|JDBC-URL",
      description =
          "Where each experiment's valid run is appended: a folder of Otava-shaped CSV files with"
              + " their otava.yaml (default: results/history) or your own PostgreSQL,"
              + " jdbc:postgresql://HOST:PORT/DB?user=U&password=P (a table made by Flyway)."
              + " tunelab history SUITE shows the trends.")
  String history;

  @Option(names = "--no-history", description = "Append nothing to the history.")
  boolean noHistory;

  @Mixin ProviderOptions providerOptions;

  @Mixin MetricsOption metrics;

  /** An experiment of the suite, read, with what its baseline will be used for. */
  private record Planned(
      Suite.Entry entry, Experiment experiment, BaselineBootstrap.Plan baseline) {}

  @Override
  public Integer call() throws InterruptedException {
    Suite suite = SuiteReader.read(suiteFile);
    TunelabHome home = TunelabHome.locate();
    if (noHistory && history != null) {
      throw new BadInputException("--history and --no-history contradict each other: give one");
    }
    StackProvider provider = providerOptions.provider();
    HistoryStore historyStore =
        noHistory ? null : Histories.open(history, home.results().resolve("history"));
    BaselineStore store =
        new BaselineStore(baselines != null ? baselines : BaselineCommand.defaultRoot(home));
    BaselineBootstrap bootstrap =
        new BaselineBootstrap(
            store,
            suite.name(),
            suite.baselineNights(),
            Machine.fingerprint().machineKey(),
            recordBaseline,
            allowOtherMachine);
    List<Planned> plan = new ArrayList<>();
    for (Suite.Entry entry : suite.experiments()) {
      Experiment experiment =
          new ExperimentReader()
              .read(entry.experiment(), entry.set(), ProtocolOverrides.repeat(entry.repeat()));
      checkSteps(suite, entry, experiment);
      ProviderFit.check(experiment, provider);
      OutsideEndpoints.check(experiment);
      plan.add(new Planned(entry, experiment, bootstrap.plan(experiment.name())));
    }
    Path root = out != null ? out : home.results();
    String startedAt = Instant.now().toString();
    Path dir = root.resolve("bench-" + LocalDateTime.now().format(ID_TIME) + "-" + suite.name());
    PrintWriter err = spec.commandLine().getErr();
    LiveRun live = new LiveRun(suite.name());
    Optional<MetricsEndpoint> endpoint = metrics.start(live, noObserve, err);
    Progress progress = new LineProgress(err);
    List<BenchRun> runs = new ArrayList<>();
    List<RunResult> results = new ArrayList<>();
    List<GateCase> cases = new ArrayList<>();
    List<BaselineUse> uses = new ArrayList<>();
    Sampler sampler = MetricsOption.sampler(noObserve, endpoint, live);
    try {
      for (Planned p : plan) {
        err.println(
            "tunelab bench: " + p.experiment().name() + " (" + p.entry().experiment() + ")");
        err.flush();
        long started = System.nanoTime();
        live.experiment(p.experiment().name());
        RunResult result = run(home, provider, p.experiment(), root, progress, sampler);
        results.add(result);
        runs.add(
            new BenchRun(
                p.experiment().name(),
                result.runId(),
                result.status(),
                result.valid(),
                (System.nanoTime() - started) / 1e9));
        BaselineBootstrap.Outcome outcome = settle(bootstrap, p, result);
        cases.add(outcome.gateCase());
        uses.add(outcome.use());
      }
    } finally {
      endpoint.ifPresent(MetricsEndpoint::close);
    }
    List<Check> checks = Gate.evaluate(cases);
    BenchResult result =
        new BenchResult(
            suite.name(), suite.file(), startedAt, Instant.now().toString(), runs, uses, checks);
    BenchFiles.write(dir, result);
    String kept = historyStore == null ? null : keep(historyStore, suite, startedAt, results);
    PrintWriter stdout = spec.commandLine().getOut();
    if (json) {
      stdout.println(BenchFiles.json(result));
    } else {
      stdout.print(BenchMarkdown.of(result));
      stdout.println("\nresults: " + dir);
      if (kept != null) {
        stdout.println(kept);
      }
    }
    stdout.flush();
    if (!result.runsValid()) {
      return ExitCodes.INVALID_RUN;
    }
    return result.gatePassed() ? ExitCodes.VALID : ExitCodes.GATE_FAILED;
  }

  /** A threshold on a named step the experiment does not have can never be judged: bad input. */
  static void checkSteps(Suite suite, Suite.Entry entry, Experiment experiment) {
    List<String> names = experiment.steps().stream().map(Step::name).toList();
    for (StepThreshold t : entry.thresholds()) {
      if (!t.step().equals(StepThreshold.EVERY_STEP) && !names.contains(t.step())) {
        throw new BadInputException(
            suite.file()
                + ": "
                + entry.experiment()
                + " has no step '"
                + t.step()
                + "' for the threshold '"
                + t.threshold().text()
                + "' (its steps: "
                + String.join(", ", names)
                + ")");
      }
    }
  }

  /** Gates the run against its baseline or records it; a run that says no machine cannot be. */
  private static BaselineBootstrap.Outcome settle(
      BaselineBootstrap bootstrap, Planned p, RunResult result) {
    String experiment = p.experiment().name();
    if (result.environment() == null) {
      String why = "the run does not say which machine it ran on: its baseline cannot be chosen";
      return new BaselineBootstrap.Outcome(
          GateCase.untested(experiment, result, p.entry().thresholds(), why),
          new BaselineUse(
              experiment, "unknown", BaselineUse.State.RECORDING, 0, 0, why + "; not recorded"));
    }
    return bootstrap.settle(
        p.baseline(), result, Fingerprint.of(result.environment()), p.entry().thresholds());
  }

  /**
   * Appends each valid run to the history; an invalid or partial run's numbers would read as a
   * change of the system.
   */
  private static String keep(
      HistoryStore store, Suite suite, String startedAt, List<RunResult> results) {
    int kept = 0;
    for (RunResult run : results) {
      if (run.status() == RunStatus.COMPLETE && run.valid()) {
        store.append(suite.name(), run.experiment(), HistoryRows.of(Instant.parse(startedAt), run));
        kept++;
      }
    }
    return "history: "
        + kept
        + " of "
        + results.size()
        + " runs appended to "
        + store.where()
        + (kept < results.size() ? " (a run that is not complete and valid is left out)" : "")
        + "; tunelab history "
        + suite.name()
        + " shows the trends";
  }

  private static RunResult run(
      TunelabHome home,
      StackProvider provider,
      Experiment experiment,
      Path root,
      Progress progress,
      Sampler sampler)
      throws InterruptedException {
    return StoppableRun.run(
        new ExperimentRunner(home, provider, sampler, progress), experiment, root);
  }
}
