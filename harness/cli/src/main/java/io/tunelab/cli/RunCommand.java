package io.tunelab.cli;

import io.tunelab.core.ExitCodes;
import io.tunelab.core.bench.StepThreshold;
import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.ExperimentReader;
import io.tunelab.core.results.RunFiles;
import io.tunelab.core.results.RunResult;
import io.tunelab.run.ExperimentRunner;
import io.tunelab.run.Progress;
import io.tunelab.run.metrics.LiveRun;
import io.tunelab.run.metrics.MetricsEndpoint;
import io.tunelab.tiers.TunelabHome;
import io.tunelab.tiers.stack.StackProvider;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Runs an experiment on a stack and writes {@code results/<run-id>/}. */
@Command(
    name = "run",
    description = {
      "Run an experiment (YAML) on a stack (embedded unless --provider says otherwise) and write"
          + " results/<run-id>/: run.json,"
          + " summary.md, report.html and each repetition's raw data, observed (CPU per tier,"
          + " queue depths, GC, database, findings) unless --no-observe.",
      "Exit code 0: every repetition valid (and every --threshold met); 1: some repetition"
          + " invalid (lost or duplicated orders, errors over workload.maxErrorPercent); 2: bad"
          + " input; 3: the harness or a tier failed; 4: a --threshold failed. Ctrl-C stops the tiers"
          + " and marks the run incomplete. With --provider external, a knob that restarts the db,"
          + " broker or mocks tier is refused (2): the stack is not tunelab's to restart."
    })
final class RunCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "FILE",
      description = "experiment file, e.g. experiments/quickstart.yaml")
  Path experiment;

  @Option(
      names = "--set",
      paramLabel = "KNOB=VALUE",
      mapFallbackValue = "",
      description =
          "Set a knob in every step, over the experiment's value, e.g. --set workload.orders=50;"
              + " repeatable. `tunelab knobs` lists them.")
  Map<String, String> knobs = new LinkedHashMap<>();

  @Mixin ProtocolOptions protocol;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "Folder the run's folder is made in (default: results/ of the checkout).")
  Path out;

  @Option(
      names = "--no-observe",
      description =
          "Do not watch the tiers (CPU, queues, GC, database, findings): for measuring what"
              + " watching costs, or a machine without /proc.")
  boolean noObserve;

  @Mixin MetricsOption metrics;

  @Option(
      names = "--json",
      description = "Print run.json (the whole result) on stdout instead of the summary.")
  boolean json;

  @Option(
      names = "--threshold",
      paramLabel = "[STEP:]THRESHOLD",
      description =
          "A threshold every step (or STEP alone) must meet, judged once the run ended; repeat for"
              + " several. Absolute ('p95 < 800 ms', 'mean < 300 ms', 'errors < 1%%', 'throughput"
              + " >= 300', 'p95 of GetInvoiceList < 800 ms') or relative to the run's baseline step"
              + " ('throughput >= 120%% of baseline': significant and past the limit to fail)."
              + " Exit code 4 when one fails. The grammar and the metrics: docs/benchmarks.md.")
  List<String> thresholds = new ArrayList<>();

  @Mixin ProviderOptions providerOptions;

  @Override
  public Integer call() throws InterruptedException, IOException {
    Experiment read = new ExperimentReader().read(experiment, knobs, protocol.overrides());
    List<StepThreshold> gate = RunGate.read(thresholds, read);
    TunelabHome home = TunelabHome.locate();
    StackProvider provider = providerOptions.provider();
    PrintWriter err = spec.commandLine().getErr();
    LiveRun live = new LiveRun(read.name());
    Optional<MetricsEndpoint> endpoint = metrics.start(live, noObserve, err);
    Progress progress = Terminal.stderrIsTerminal() ? new LiveProgress(err) : new LineProgress(err);
    ExperimentRunner runner =
        new ExperimentRunner(
            home, provider, MetricsOption.sampler(noObserve, endpoint, live), progress);
    RunResult result;
    try {
      result = StoppableRun.run(runner, read, out != null ? out : home.results());
    } catch (RuntimeException | InterruptedException e) {
      if (!runner.stopped()) {
        throw e;
      }
      // Ctrl-C: the tiers stopped under the run; what it threw then is no fault of its own
      err.println("tunelab: stopped; partial results, marked incomplete, in " + runner.runDir());
      err.flush();
      return ExitCodes.INVALID_RUN;
    } finally {
      endpoint.ifPresent(MetricsEndpoint::close);
    }
    PrintWriter stdout = spec.commandLine().getOut();
    Path runJson = runner.runDir().resolve(RunFiles.RUN_JSON);
    if (json) {
      stdout.print(Files.readString(runJson));
    } else {
      stdout.println(io.tunelab.core.results.SummaryMarkdown.of(result) + "\nresults: " + runJson);
    }
    boolean gatePassed = RunGate.judge(result, gate, json ? err : stdout);
    stdout.flush();
    if (!result.valid()) {
      return ExitCodes.INVALID_RUN;
    }
    return gatePassed ? ExitCodes.VALID : ExitCodes.GATE_FAILED;
  }
}
