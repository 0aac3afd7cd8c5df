package io.tunelab.core.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ShippedExperimentsTest {
  @Test
  void everyExperimentInTheCheckoutIsValid() throws IOException {
    Path dir = Path.of(System.getProperty("tunelab.home"), "experiments");
    List<Path> files;
    try (Stream<Path> list = Files.list(dir)) {
      files = list.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
    }

    assertThat(files).extracting(p -> p.getFileName().toString()).contains("quickstart.yaml");
    for (Path file : files) {
      Experiment experiment = new ExperimentReader().read(file, Map.of(), OptionalInt.empty());
      assertThat(experiment.steps()).as(file.toString()).isNotEmpty();
    }
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
}
