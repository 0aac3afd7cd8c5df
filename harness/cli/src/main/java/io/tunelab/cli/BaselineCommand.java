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
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tunelab baseline update RUN}: records a run as its experiment's baseline in a suite. */
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
        "Record RUN (a results/<run-id> folder or its run.json) as the baseline of its experiment in"
            + " SUITE: results/baselines/<suite>/<experiment>.json, with the machine and the parts'"
            + " versions it was measured on. Commit the file.",
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
      Path file =
          new BaselineStore(root)
              .write(
                  new Baseline(
                      suite,
                      result.experiment(),
                      Instant.now().toString(),
                      Fingerprint.of(result.environment()),
                      result));
      PrintWriter out = spec.commandLine().getOut();
      out.println(
          "baseline of "
              + result.experiment()
              + " in suite "
              + suite
              + ": "
              + file
              + " (run "
              + result.runId()
              + ", "
              + Fingerprint.of(result.environment())
              + ")");
      out.flush();
      return 0;
    }
  }
}
