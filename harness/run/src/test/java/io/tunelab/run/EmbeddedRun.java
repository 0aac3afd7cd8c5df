package io.tunelab.run;

import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.ExperimentReader;
import io.tunelab.core.results.RunResult;
import io.tunelab.tiers.RuntimeDir;
import io.tunelab.tiers.TunelabHome;
import io.tunelab.tiers.stack.EmbeddedProvider;
import io.tunelab.tiers.stack.StackRegistry;
import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalInt;
import java.util.UUID;

/**
 * An experiment run the way {@code tunelab run} runs it, on an embedded stack of its own (its
 * runtime folder unique to the call), for the ITs that read a whole run.
 *
 * @param result the run's result
 * @param dir the run's folder
 */
record EmbeddedRun(RunResult result, Path dir) {
  /**
   * Reads {@code yaml} as experiment {@code name} and runs it.
   *
   * @param results the folder the run's folder goes into
   */
  static EmbeddedRun of(String name, String yaml, Sampler sampler, Path results)
      throws InterruptedException {
    Experiment experiment =
        new ExperimentReader().parse(name + ".yaml", name, yaml, Map.of(), OptionalInt.empty());
    Path runtime =
        RuntimeDir.root()
            .resolve("it-" + name)
            .resolve(UUID.randomUUID().toString().substring(0, 8));
    ExperimentRunner runner =
        new ExperimentRunner(
            TunelabHome.locate(),
            new EmbeddedProvider(TunelabHome.locate(), new StackRegistry(runtime)),
            sampler,
            Progress.SILENT);
    RunResult result = runner.run(experiment, results);
    return new EmbeddedRun(result, runner.runDir());
  }
}
