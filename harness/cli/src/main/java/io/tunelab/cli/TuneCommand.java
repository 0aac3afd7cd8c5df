package io.tunelab.cli;

import io.tunelab.core.BadInputException;
import io.tunelab.core.ExitCodes;
import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.ExperimentReader;
import io.tunelab.core.experiment.ProtocolOverrides;
import io.tunelab.core.knobs.KnobRegistry;
import io.tunelab.core.results.OutputFiles;
import io.tunelab.core.tune.TuneLoop;
import io.tunelab.core.tune.TuneSafety;
import io.tunelab.run.ExperimentRunner;
import io.tunelab.run.Progress;
import io.tunelab.run.ProviderFit;
import io.tunelab.tiers.TunelabHome;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** The studies' tuning cycle as a closed loop on the real stack. */
@Command(
    name = "tune",
    description = {
      "Tune an experiment's first step by its findings: measure it, try the first change a finding"
          + " proposes (a number doubled while it helps, then bisected), keep it only when the"
          + " --goal improved significantly and its guards (throughput, p99, errors, heap, the"
          + " accounting) did not get worse, follow"
          + " the changed configuration's findings, until --budget trials are spent or no finding"
          + " has a change left; then measure the end against the start again and report that"
          + " gain. Writes results/<tune-id>/ with tune.md, tune.json, ladder.yaml (what"
          + " tunelab run replays) and every run's folder, after every trial (docs/tune.md).",
      "Exit code 0: tuned (whether or not anything was kept); 2: bad input; 3: the harness or a"
          + " tier failed."
    })
final class TuneCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE", description = "experiment file")
  Path experiment;

  @Option(
      names = "--budget",
      paramLabel = "TRIALS|DURATION",
      description =
          "Trials at most (each a paired run of the kept configuration and one change), or how"
              + " long trials may be started for (30m, 2h); default ${DEFAULT-VALUE}.",
      defaultValue = "6",
      converter = BudgetConverter.class)
  TuneLoop.Budget budget;

  /** A number of trials, or a duration in whole minutes. */
  static final class BudgetConverter
      implements picocli.CommandLine.ITypeConverter<TuneLoop.Budget> {
    @Override
    public TuneLoop.Budget convert(String value) {
      String text = value.strip();
      if (text.matches("\\d+")) {
        int trials = Integer.parseInt(text);
        if (trials < 1) {
          throw new BadInputException("--budget is 1 trial or more, was " + value);
        }
        return TuneLoop.Budget.ofTrials(trials);
      }
      int minutes = new Minutes().convert(text);
      if (minutes < 1) {
        throw new BadInputException("--budget is a minute or more, was " + value);
      }
      return TuneLoop.Budget.ofTime(java.time.Duration.ofMinutes(minutes));
    }
  }

  @Option(
      names = "--goal",
      paramLabel = "GOAL",
      description =
          "What a kept change must improve significantly: throughput, p99, deadline-misses (the"
              + " sort hub's requests over the deadline, a sort-requests experiment) or cost (the"
              + " middleware's, database's and broker's CPU per unit); the throughput and p99 that"
              + " are not the goal, the error rate and the heap guard it. Default"
              + " ${DEFAULT-VALUE}.",
      defaultValue = "throughput",
      converter = GoalConverter.class)
  TuneGoal goal;

  /** A goal's name, as written. */
  static final class GoalConverter implements picocli.CommandLine.ITypeConverter<TuneGoal> {
    @Override
    public TuneGoal convert(String value) {
      return TuneGoal.of(value);
    }
  }

  @Option(
      names = "--keep",
      paramLabel = "KNOB",
      split = ",",
      description = "Knobs never changed, e.g. --keep middleware.engine.threads,db.xrefIndex.")
  List<String> keep = new ArrayList<>();

  @Option(
      names = "--allow-durability",
      description =
          "Also try values that trade durability for speed (db.server.synchronous_commit=off,"
              + " non-persistent messages): a crash can then lose commits or messages.")
  boolean allowDurability;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "Folder the tune's folder is made in (default: results/ of the checkout).")
  Path out;

  @Option(
      names = "--resume",
      paramLabel = "DIR",
      description =
          "Continue the tune in DIR (results/<tune-id>, stopped with Ctrl-C or out of budget): its"
              + " runs are read back, not run again, so the loop takes the same path, and the"
              + " trials after them run, within --budget counted from the start. Give the same"
              + " experiment, --goal and options as the tune resumed.")
  Path resume;

  @Mixin ProtocolOptions protocol;

  @Mixin ProviderOptions providerOptions;

  @Override
  public Integer call() throws IOException {
    KnobRegistry registry = KnobRegistry.standard();
    for (String knob : keep) {
      registry.require(knob);
    }
    ExperimentReader reader = new ExperimentReader();
    Experiment read = reader.read(experiment, Map.of(), protocol.overrides());
    goal.requireMeasuredBy(read.plan(), experiment.toString());
    TunelabHome home = TunelabHome.locate();
    List<Path> recorded = List.of();
    Path dir;
    if (resume != null) {
      if (out != null) {
        throw new BadInputException(
            "--resume continues the tune in its own folder: leave --out out");
      }
      dir = resume;
      recorded = TuneTrials.recordedIn(dir);
      String before = TuneTrials.recordedGoal(dir);
      if (!before.equals(goal.key())) {
        throw new BadInputException(
            "--resume: the tune in " + dir + " had --goal " + before + ": give the same goal");
      }
    } else {
      Path results = out != null ? out : home.results();
      ResultsFolder.require(results, "--out");
      dir =
          results.resolve(
              LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))
                  + "-tune-"
                  + read.name());
    }
    PrintWriter err = spec.commandLine().getErr();
    Progress progress = Terminal.stderrIsTerminal() ? new LiveProgress(err) : new LineProgress(err);
    TuneTrials trials =
        new TuneTrials(
            experiment,
            dir,
            goal,
            (file, alone) -> {
              ProtocolOverrides overrides =
                  alone ? protocol.overrides().alone(read.repetitions()) : protocol.overrides();
              ExperimentRunner runner =
                  new ExperimentRunner(
                      home,
                      providerOptions.provider(),
                      MetricsOption.sampler(false, java.util.Optional.empty(), null),
                      progress);
              try {
                return new TuneTrials.Ran(
                    StoppableRun.run(runner, reader.read(file, Map.of(), overrides), dir),
                    runner.runDir());
              } catch (RuntimeException | InterruptedException e) {
                if (!runner.stopped()) {
                  throw e;
                }
                // Ctrl-C: the tiers stopped under the run; what it threw then is no fault of its
                // own
                throw new Stopped();
              }
            },
            recorded);
    // a stop between two runs has no run to stop: it is said all the same, once
    AtomicBoolean said = new AtomicBoolean();
    Thread hook = new Thread(() -> sayStopped(err, dir, said), "tunelab-tune-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      return tune(registry, trials, read.name(), dir);
    } catch (Stopped stopped) {
      sayStopped(err, dir, said);
      return ExitCodes.INVALID_RUN;
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running or ran
      }
    }
  }

  private static void sayStopped(PrintWriter err, Path dir, AtomicBoolean said) {
    if (!said.compareAndSet(false, true)) {
      return;
    }
    err.println(
        "tunelab: stopped; "
            + (Files.isRegularFile(dir.resolve("tune.json"))
                ? "what the tune found by its last finished trial is in "
                    + dir.resolve("tune.md")
                    + " (--resume "
                    + dir
                    + " continues it)"
                : "no trial had finished, nothing to resume; the runs so far are in " + dir));
    err.flush();
  }

  /** A trial's run stopped by Ctrl-C (or a TERM). */
  private static final class Stopped extends RuntimeException {
    Stopped() {
      super("stopped", null, false, false);
    }
  }

  private Integer tune(KnobRegistry registry, TuneTrials trials, String name, Path dir) {
    Map<String, String> start = trials.start();
    TuneLoop.Result result =
        new TuneLoop(
                registry,
                new TuneSafety(
                    Set.copyOf(keep),
                    allowDurability,
                    ProviderFit.unchangeable(providerOptions.provider())),
                0.25)
            .run(
                start,
                budget,
                trials,
                partial -> write(dir, name, partial, null, trials.runDirs(), trials));
    TuneTrials.Ran confirmation =
        result.end().equals(result.start()) ? null : trials.confirm(start, result.end());
    String report = write(dir, name, result, confirmation, trials.runDirs(), trials);
    PrintWriter stdout = spec.commandLine().getOut();
    stdout.println(report + "\nresults: " + dir.resolve("tune.md"));
    stdout.flush();
    return ExitCodes.VALID;
  }

  /**
   * tune.md, tune.json and ladder.yaml of what was found so far, whole or not at all.
   *
   * @return tune.md's text
   */
  private String write(
      Path dir,
      String name,
      TuneLoop.Result result,
      TuneTrials.Ran confirmation,
      List<Path> runs,
      TuneTrials trials) {
    trials.writeLadder(result);
    TuneReport.Outcome outcome = new TuneReport.Outcome(name, goal, result, confirmation, runs);
    OutputFiles.write(dir, outcome, TuneReport.FORMATS);
    return TuneReport.FORMATS.get(0).render(outcome, dir);
  }
}
