package io.tunelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.ExperimentReader;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RunResult;
import io.tunelab.tiers.RuntimeDir;
import io.tunelab.tiers.TunelabHome;
import io.tunelab.tiers.stack.EmbeddedProvider;
import io.tunelab.tiers.stack.StackRegistry;
import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalInt;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * workload.warmupFullSpeed reaches the mocks: with BRM answering in 300 ms, the warm-up's batches
 * run with every back-end answering at once (far faster than the step can), and the measured batch
 * at the step's latency again (each order waits for BRM at least once).
 */
class WarmupFullSpeedIT {
  private static final String EXPERIMENT =
      """
      name: full-speed-it
      plan: batch-order
      repeat: 1
      workload:
        orders: 30
        warmupOrders: 60
        warmupBatchOrders: 30
        warmupMaxSeconds: 40
        warmupFullSpeed: on
        steadyBatches: 2
        steadyTolerancePercent: 50
        maxStealPercent: 100
        threads: 2
        minMeasuredSeconds: 0
      knobs:
        db.seed.customers: 50
        mocks.brm.latency: 300
      steps:
        - name: slow-brm
      """;

  @Test
  void theWarmupRunsAtFullSpeedAndTheMeasuredBatchAtTheStepsLatency() throws Exception {
    Experiment experiment =
        new ExperimentReader()
            .parse(
                "full-speed-it.yaml", "full-speed-it", EXPERIMENT, Map.of(), OptionalInt.empty());
    Path runtime =
        RuntimeDir.root()
            .resolve("it-full-speed")
            .resolve(UUID.randomUUID().toString().substring(0, 8));
    RunResult run =
        new ExperimentRunner(
                TunelabHome.locate(),
                new EmbeddedProvider(TunelabHome.locate(), new StackRegistry(runtime)),
                Sampler.NONE,
                Progress.SILENT)
            .run(experiment, Path.of("target/full-speed-it"));

    Repetition rep = run.steps().get(0).repetitions().get(0);
    double warmupRate =
        rep.warmup().steadyState().batchRatesPerMinute().stream()
            .mapToDouble(Double::doubleValue)
            .max()
            .orElseThrow();
    double measured = rep.metrics().throughputPerMinute();
    assertThat(warmupRate).as("warm-up at full speed vs measured").isGreaterThan(3 * measured);
    assertThat(rep.metrics().latencyMillis().p50()).isGreaterThanOrEqualTo(300);
  }
}
