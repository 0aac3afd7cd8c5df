package io.tunelab.core.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.DataKnobs;
import io.tunelab.core.knobs.MiddlewareKnobs;
import io.tunelab.core.knobs.MocksKnobs;
import io.tunelab.core.knobs.WorkloadKnobs;
import io.tunelab.core.stack.Backend;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * In the CLI's module, where every plan's room, and so its knobs ({@code KnobSource}), is on the
 * class path.
 */
class ShippedExperimentsTest {
  /**
   * Every experiment in {@code experiments/} and its folders ({@code studies/}): one that no longer
   * parses or names a knob that no longer exists fails here, not in an engineer's hands.
   */
  @Test
  void everyExperimentInTheCheckoutIsValid() throws IOException {
    Path dir = Path.of(System.getProperty("tunelab.home"), "experiments");
    List<Path> files;
    try (Stream<Path> walk = Files.walk(dir)) {
      files = walk.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }

    assertThat(files).extracting(p -> p.getFileName().toString()).contains("quickstart.yaml");
    assertThat(files)
        .extracting(p -> dir.relativize(p).toString())
        .contains("studies/order-to-bill-ladder.yaml");
    for (Path file : files) {
      Experiment experiment = new ExperimentReader().read(file, Map.of(), OptionalInt.empty());
      assertThat(experiment.steps()).as(file.toString()).isNotEmpty();
    }
  }

  @Test
  void theStudysLadderAnalyzesBeforeEveryStep() {
    Experiment ladder = shipped("studies/order-to-bill-ladder.yaml");

    assertThat(ladder.steps())
        .allSatisfy(step -> assertThat(step.knobs().get(DataKnobs.ANALYZE)).isTrue());
    assertThat(ladder.steps()).extracting(Step::name).contains("database-tuning", "transient");
  }

  @Test
  void ladderExampleTellsTheStudysStory() {
    Path file =
        Path.of(System.getProperty("tunelab.home"), "experiments/order-to-bill-ladder.yaml");
    Experiment ladder = new ExperimentReader().read(file, Map.of(), OptionalInt.empty());

    assertThat(ladder.kind()).isEqualTo(Experiment.Kind.LADDER);
    assertThat(ladder.steps())
        .extracting(Step::name)
        .containsExactly(
            "untuned",
            "audit-production",
            "transient",
            "more-consumers",
            "database-tuning",
            "xref-index");
  }

  @Test
  void billingCareWhatIfSweepsTheStudysBrmLatenciesAtTwentyUsers() {
    Experiment whatIf = shipped("billing-care-whatif.yaml");

    assertThat(whatIf.plan()).isEqualTo(Plan.CONCURRENT_SOAP);
    assertThat(whatIf.kind()).isEqualTo(Experiment.Kind.SWEEP);
    assertThat(whatIf.steps())
        .extracting(step -> step.knobs().get(MocksKnobs.of(Backend.BRM).latency()).text())
        .containsExactly("500", "400", "250");
    assertThat(whatIf.steps())
        .allSatisfy(step -> assertThat(step.knobs().get(WorkloadKnobs.THREADS)).isEqualTo(20));
    assertThat(whatIf.baseline()).isEqualTo(whatIf.steps().get(0).name());
  }

  @Test
  void billingCareLadderTurnsTheStudysKnobsOneAfterAnother() {
    Experiment ladder = shipped("billing-care-ladder.yaml");

    assertThat(ladder.plan()).isEqualTo(Plan.CONCURRENT_SOAP);
    assertThat(ladder.steps())
        .extracting(Step::name)
        .containsExactly(
            "untuned", "tracking-off", "audit-production", "transient", "more-connections");
    Step last = ladder.steps().get(4);
    assertThat(last.knobs().get(MiddlewareKnobs.BILLING_TRACKING)).isFalse();
    assertThat(last.knobs().get(MiddlewareKnobs.BILLING_INSTANCE_PERSISTENCE))
        .isEqualTo(MiddlewareKnobs.InstancePersistence.FAULTED);
    assertThat(ladder.steps().get(0).knobs().get(MiddlewareKnobs.BILLING_TRACKING)).isTrue();
  }

  private static Experiment shipped(String name) {
    Path file = Path.of(System.getProperty("tunelab.home"), "experiments", name);
    return new ExperimentReader().read(file, Map.of(), OptionalInt.empty());
  }
}
