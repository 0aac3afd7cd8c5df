package io.tunelab.cli;

import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.results.RunResult;
import io.tunelab.run.ExperimentRunner;
import java.nio.file.Path;

/**
 * Runs an experiment so that Ctrl-C (or a TERM) stops it: the runner's stop is a shutdown hook
 * while the run lasts, so its tiers go down and its results are marked incomplete before the JVM
 * exits.
 */
final class StoppableRun {
  private StoppableRun() {}

  /**
   * @throws io.tunelab.core.BadInputException when no results folder can be made in {@code
   *     results}: before anything starts
   */
  static RunResult run(ExperimentRunner runner, Experiment experiment, Path results)
      throws InterruptedException {
    ResultsFolder.require(results, "--out");
    Thread hook = new Thread(runner::stop, "tunelab-run-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      return runner.run(experiment, results);
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // Already shutting down: the hook is running or ran.
      }
    }
  }
}
