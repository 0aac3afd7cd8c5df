package io.tunelab.cli;

import io.tunelab.core.BadInputException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** Runs an experiment. */
@Command(name = "run", description = "Run an experiment (YAML) and write results/<run-id>/.")
final class RunCommand implements Callable<Integer> {
  @Parameters(
      index = "0",
      paramLabel = "FILE",
      description = "experiment file, e.g. experiments/quickstart.yaml")
  Path experiment;

  @Override
  public Integer call() {
    throw new BadInputException(
        "tunelab run is not available yet in this build: experiments come with a later"
            + " version; use ./tunelab stack up to bring up the stack");
  }
}
