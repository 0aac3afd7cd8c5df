package io.tunelab.core.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SuiteReaderTest {
  private static final Path FOLDER = Path.of("/repo/benchmarks");

  private static Suite parse(String yaml) {
    return SuiteReader.parse("benchmarks/nightly.yaml", "nightly", yaml, FOLDER);
  }

  @Test
  void readsExperimentsWithTheirThresholdsPerStepOrForEveryStep() {
    Suite suite =
        parse(
            """
            description: the nightly gate
            experiments:
              - file: ../experiments/quickstart.yaml
                repeat: 5
                set: {workload.orders: 200, mocks.brm.latency: 20}
                thresholds:
                  "*": [throughput >= 95% of baseline, errors < 1%]
                  tuned: [p99 < 2000 ms]
              - file: ../experiments/quickstart-soap.yaml
                thresholds: [p99 <= 110% of baseline]
            """);

    assertThat(suite.name()).isEqualTo("nightly");
    assertThat(suite.description()).isEqualTo("the nightly gate");
    assertThat(suite.experiments()).hasSize(2);
    Suite.Entry first = suite.experiments().get(0);
    assertThat(first.experiment()).isEqualTo(Path.of("/repo/experiments/quickstart.yaml"));
    assertThat(first.repeat()).isEqualTo(OptionalInt.of(5));
    assertThat(first.set()).isEqualTo(Map.of("workload.orders", "200", "mocks.brm.latency", "20"));
    assertThat(first.thresholds())
        .extracting(t -> t.step() + ": " + t.threshold().text())
        .containsExactly(
            "*: throughput >= 95% of baseline", "*: errors < 1%", "tuned: p99 < 2000 ms");
    Suite.Entry second = suite.experiments().get(1);
    assertThat(second.repeat()).isEmpty();
    assertThat(second.set()).isEmpty();
    assertThat(second.thresholds())
        .singleElement()
        .satisfies(t -> assertThat(t.step()).isEqualTo(StepThreshold.EVERY_STEP));
  }

  @Test
  void aNameInTheFileNamesTheSuite() {
    assertThat(
            parse("name: pr-gate\nexperiments: [{file: a.yaml, thresholds: [errors < 1%]}]").name())
        .isEqualTo("pr-gate");
  }

  @Test
  void aBaselineRecordsThreeNightsUnlessTheSuiteSaysHowMany() {
    String experiments = "experiments: [{file: a.yaml, thresholds: [errors < 1%]}]";

    assertThat(parse(experiments).baselineNights()).isEqualTo(3);
    assertThat(parse("baselineNights: 5\n" + experiments).baselineNights()).isEqualTo(5);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "''                                        | the file is empty",
        "'experiments: [x'                         | not valid YAML",
        "'experimets: []'                          | experimets: unknown field; allowed here: name, description, baselineNights, experiments",
        "'baselineNights: 0\nexperiments: [{file: a.yaml, thresholds: [errors < 1%]}]' | baselineNights: must be an integer 1..30, was 0",
        "'experiments: []'                         | experiments: must be a list of one or more experiments, was a list",
        "'experiments: [{thresholds: [errors < 1%]}]' | experiments[0]: needs file:",
        "'experiments: [{file: a.yaml}]'           | experiments[0]: needs thresholds:",
        "'experiments: [{file: a.yaml, thresholds: []}]' | experiments[0].thresholds: names no threshold",
        "'experiments: [{file: a.yaml, thresholds: p99 < 2}]' | experiments[0].thresholds: must be a list of thresholds, or step names to lists, was the text 'p99 < 2'",
        "'experiments: [{file: a.yaml, repeat: 0, thresholds: [errors < 1%]}]' | experiments[0].repeat: must be an integer 1..1000, was 0",
        "'experiments: [{file: a.yaml, set: [a], thresholds: [errors < 1%]}]' | experiments[0].set: must be a mapping of knob names to values, was a list",
        "'experiments: [{file: a.yaml, thresholds: {tuned: [latency < 2 s]}}]' | experiments[0].thresholds.tuned[0]: threshold 'latency < 2 s': there is no metric 'latency'",
        "'name: ../up\nexperiments: [{file: a.yaml, thresholds: [errors < 1%]}]' | name: '../up' cannot name a folder",
        "'experiments: [{file: a.yaml, thresholds: [errors < 1%], retries: 2}]' | experiments[0].retries: unknown field; allowed here: file, repeat, set, thresholds"
      })
  void refusesABadSuiteNamingTheFileAndThePlace(String yaml, String message) {
    assertThatThrownBy(() -> parse(yaml.replace("\\n", "\n")))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("benchmarks/nightly.yaml: ")
        .hasMessageContaining(message);
  }

  @Test
  void aMissingSuiteFileIsBadInputNamingAnExample() {
    assertThatThrownBy(() -> SuiteReader.read(Path.of("no-such-suite.yaml")))
        .isInstanceOf(BadInputException.class)
        .hasMessage(
            "no benchmark suite no-such-suite.yaml: give a YAML file such as"
                + " benchmarks/nightly.yaml");
  }
}
