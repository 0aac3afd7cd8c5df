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

/** The shipped nightly suite reads, names only steps its experiments have, and has baselines. */
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
  void everyExperimentOfTheNightlySuiteHasACommittedBaselineOfACompleteValidRun() {
    Suite suite = SuiteReader.read(HOME.resolve("benchmarks/nightly.yaml"));
    BaselineStore store = new BaselineStore(HOME.resolve("results/baselines"));

    for (Suite.Entry entry : suite.experiments()) {
      Experiment experiment =
          new ExperimentReader()
              .read(entry.experiment(), entry.set(), ProtocolOverrides.repeat(entry.repeat()));
      Baseline baseline =
          store
              .read(suite.name(), experiment.name())
              .orElseThrow(() -> new AssertionError("no baseline of " + experiment.name()));
      assertThat(baseline.run().status()).isEqualTo(RunStatus.COMPLETE);
      assertThat(baseline.run().valid()).isTrue();
      assertThat(baseline.run().experiment()).isEqualTo(experiment.name());
      assertThat(baseline.fingerprint().hasParts()).isTrue();
      assertThat(baseline.run().steps())
          .extracting(s -> s.name())
          .containsExactlyElementsOf(experiment.steps().stream().map(Step::name).toList());
    }
  }

  private static List<String> concat(List<String> names, String more) {
    return java.util.stream.Stream.concat(names.stream(), java.util.stream.Stream.of(more))
        .toList();
  }
}
