package io.tunelab.core.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.ExperimentReader;
import io.tunelab.core.experiment.ProtocolOverrides;
import io.tunelab.core.experiment.Step;
import io.tunelab.core.results.RunStatus;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shipped nightly suite reads, names only steps its experiments have, and its committed
 * baselines (per machine) are complete baselines of complete, valid runs.
 */
class ShippedSuitesTest {
  private static final Path HOME = Path.of(System.getProperty("tunelab.home"));

  @Test
  void theNightlySuiteAndEachOfItsExperimentsRead() {
    Suite suite = SuiteReader.read(HOME.resolve("benchmarks/nightly.yaml"));

    assertThat(suite.name()).isEqualTo("nightly");
    assertThat(suite.experiments()).isNotEmpty();
    for (Suite.Entry entry : suite.experiments()) {
      Experiment experiment =
          new ExperimentReader()
              .read(entry.experiment(), entry.set(), ProtocolOverrides.repeat(entry.repeat()));
      List<String> steps = experiment.steps().stream().map(Step::name).toList();
      assertThat(entry.thresholds())
          .as(entry.experiment().toString())
          .allSatisfy(t -> assertThat(t.step()).isIn(concat(steps, StepThreshold.EVERY_STEP)));
    }
  }

  @Test
  void everyCommittedBaselineOfTheNightlySuiteHoldsCompleteValidRunsOfItsExperiment() {
    Suite suite = SuiteReader.read(HOME.resolve("benchmarks/nightly.yaml"));
    BaselineStore store = new BaselineStore(HOME.resolve("results/baselines"));

    for (Suite.Entry entry : suite.experiments()) {
      Experiment experiment =
          new ExperimentReader()
              .read(entry.experiment(), entry.set(), ProtocolOverrides.repeat(entry.repeat()));
      List<String> machines = store.machines(suite.name(), experiment.name());
      for (String machine : machines) {
        Baseline baseline = store.read(suite.name(), machine, experiment.name()).orElseThrow();
        assertThat(baseline.machine()).isEqualTo(machine);
        assertThat(baseline.nights()).hasSizeGreaterThanOrEqualTo(suite.baselineNights());
        for (Baseline.Night night : baseline.nights()) {
          assertThat(night.fingerprint().machineKey()).isEqualTo(machine);
          assertThat(night.fingerprint().hasParts()).isTrue();
          assertThat(night.run().status()).isEqualTo(RunStatus.COMPLETE);
          assertThat(night.run().valid()).isTrue();
          assertThat(night.run().experiment()).isEqualTo(experiment.name());
          assertThat(night.run().steps())
              .extracting(s -> s.name())
              .containsExactlyElementsOf(experiment.steps().stream().map(Step::name).toList());
        }
      }
    }
  }

  private static List<String> concat(List<String> names, String more) {
    return java.util.stream.Stream.concat(names.stream(), java.util.stream.Stream.of(more))
        .toList();
  }
}
