package io.tunelab.cli;

import io.tunelab.core.BadInputException;
import io.tunelab.core.bench.Baseline;
import io.tunelab.core.bench.BaselineStore;
import io.tunelab.core.bench.Fingerprint;
import io.tunelab.core.results.RunFiles;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.RunStatus;
import io.tunelab.tiers.TunelabHome;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tunelab baseline update RUN}: records a run as a night of its machine's baseline of its
 * experiment in a suite.
 */
@Command(
    name = "baseline",
    description = "Record the baselines a benchmark suite's relative thresholds compare with.",
    subcommands = {BaselineCommand.Update.class})
final class BaselineCommand {
  /** The baselines' folder in the checkout. */
  static Path defaultRoot(TunelabHome home) {
    return home.results().resolve("baselines");
  }

  @Command(
      name = "update",
      description = {
        "Record RUN (a results/<run-id> folder or its run.json) as one more night of its machine's"
            + " baseline in SUITE: results/baselines/<suite>/<machine>/<experiment>.json, with the"
            + " machine and the parts' versions it was measured on (--new: a new baseline of this"
            + " one night). tunelab bench records its own nights; this takes a run from elsewhere,"
            + " e.g. a CI job's artifact. Commit the file to share it.",
        "The run must be complete and valid. Exit code 0 recorded, 2 bad input."
      })
  static final class Update implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN", description = "the run to record")
    Path run;

    @Option(
        names = "--suite",
        paramLabel = "NAME",
        description = "The suite whose baseline it becomes (default: nightly).")
    String suite = "nightly";

    @Option(
        names = "--baselines",
        paramLabel = "DIR",
        description = "The baselines' folder (default: results/baselines of the checkout).")
    Path baselines;

    @Option(
        names = "--new",
        description = "Start a new baseline with RUN, dropping the nights recorded before.")
    boolean startNew;

    @Override
    public Integer call() {
      RunResult result = RunFiles.read(run);
      if (result.status() != RunStatus.COMPLETE || !result.valid()) {
        throw new BadInputException(
            run
                + " is "
                + (result.status() == RunStatus.COMPLETE ? "invalid" : result.status().label())
                + ": a baseline must be a complete, valid run; run the experiment again");
      }
      if (result.environment() == null) {
        throw new BadInputException(
            run + " does not say which machine it ran on: record a run made by this version");
      }
      Path root = baselines != null ? baselines : defaultRoot(TunelabHome.locate());
      BaselineStore store = new BaselineStore(root);
      Fingerprint fingerprint = Fingerprint.of(result.environment());
      String machine = fingerprint.machineKey();
      Baseline.Night night = new Baseline.Night(Instant.now().toString(), fingerprint, result);
      Optional<Baseline> before =
          startNew ? Optional.empty() : store.read(suite, machine, result.experiment());
      Baseline baseline =
          before.map(b -> b.with(night)).orElseGet(() -> Baseline.of(suite, machine, night));
      Path file = store.write(baseline);
      PrintWriter out = spec.commandLine().getOut();
      out.println(
          "baseline of "
              + result.experiment()
              + " in suite "
              + suite
              + ": "
              + file
              + ", night "
              + baseline.nights().size()
              + " (run "
              + result.runId()
              + ", "
              + fingerprint
              + ")");
      out.flush();
      return 0;
    }
  }
}
