package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.BadInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code tunelab validate}: every shipped experiment and suite passes the checks run and bench make
 * before starting, and nothing is started or written; bad input is refused with run's own message.
 */
class ValidateCommandTest {
  private static final Path HOME = Path.of(System.getProperty("tunelab.home"));

  @TempDir Path dir;

  /**
   * Every experiment and suite of the checkout: experiments/, experiments/studies/, benchmarks/.
   */
  static List<Path> shipped() throws IOException {
    List<Path> files = new ArrayList<>();
    for (String folder : List.of("experiments", "experiments/studies", "benchmarks")) {
      try (Stream<Path> yaml = Files.list(HOME.resolve(folder))) {
        yaml.filter(p -> p.toString().endsWith(".yaml")).sorted().forEach(files::add);
      }
    }
    return files;
  }

  @ParameterizedTest
  @MethodSource("shipped")
  void everyShippedExperimentAndSuiteIsValidAndNothingStarts(Path file) throws IOException {
    InProcessCli cli = new InProcessCli();
    Path out = dir.resolve("results");

    int code = cli.execute("validate", file.toString(), "--out", out.toString());

    assertThat(code).as(cli.err()).isZero();
    assertThat(cli.out()).contains("valid").contains("(nothing started)");
    assertThat(out).as("no run folder made").doesNotExist();
    assertThat(ProcessHandle.current().children()).as("no process started").isEmpty();
  }

  @Test
  void theShippedFilesAreTheOnesThereAre() throws IOException {
    assertThat(shipped()).hasSizeGreaterThan(25);
  }

  @Test
  void aBadExperimentIsRefusedWithRunsOwnMessage() throws IOException {
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(
        bad, "plan: batch-order\nsteps: [{name: a, knobs: {middleware.consumers.intake: 0}}]\n");
    InProcessCli validate = new InProcessCli();
    InProcessCli run = new InProcessCli();

    assertThat(validate.execute("validate", bad.toString())).isEqualTo(BadInputException.EXIT_CODE);
    assertThat(run.execute("run", bad.toString(), "--out", dir.toString()))
        .isEqualTo(BadInputException.EXIT_CODE);
    assertThat(validate.err())
        .isEqualTo(run.err())
        .contains("middleware.consumers.intake must be an integer 1..256, was '0'");
  }

  @Test
  void validateChecksTheCommandLineAsRunDoes() {
    String quickstart = HOME.resolve("experiments/quickstart.yaml").toString();
    InProcessCli cli = new InProcessCli();

    assertThat(cli.execute("validate", quickstart, "--set", "workload.order=5"))
        .isEqualTo(BadInputException.EXIT_CODE);
    assertThat(cli.execute("validate", quickstart, "--threshold", "brm-10ms: p95 < 2 s"))
        .isEqualTo(BadInputException.EXIT_CODE);
    assertThat(cli.execute("validate", quickstart, "--provider", "external", "--endpoints", "x"))
        .isEqualTo(BadInputException.EXIT_CODE);
    assertThat(cli.execute("validate", quickstart, "--metrics", "prometheus"))
        .isEqualTo(BadInputException.EXIT_CODE);
    assertThat(cli.err())
        .contains("--metrics 'prometheus': 'prometheus' is not a port number")
        .contains("--set: workload.order: unknown knob")
        .contains("the experiment has no step 'brm-10ms'");
  }

  @Test
  void validateTakesEveryOptionOfRunThatRunChecksBeforeStarting() {
    var run = Tunelab.commandLine().getSubcommands().get("run").getCommandSpec();
    var validate = Tunelab.commandLine().getSubcommands().get("validate").getCommandSpec();
    List<String> runOnly = List.of("--no-observe", "--json");

    for (var option : run.options()) {
      if (runOnly.contains(option.longestName())) {
        continue;
      }
      assertThat(validate.findOption(option.longestName()))
          .as("validate has run's " + option.longestName())
          .isNotNull();
    }
  }

  @Test
  void aPlanTheExperimentNamesIsDescribedWithTheTiersEachStepRestarts() {
    InProcessCli cli = new InProcessCli();

    cli.execute("validate", HOME.resolve("experiments/quickstart-soap.yaml").toString());

    assertThat(cli.out())
        .contains("plan concurrent-soap (requests/min)")
        .contains("step untuned (starts the stack)")
        .contains("(restarts middleware)");
  }
}
