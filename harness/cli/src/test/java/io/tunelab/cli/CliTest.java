package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.BadInputException;
import io.tunelab.core.ExitCodes;
import io.tunelab.core.knobs.KnobRegistry;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** The command line in-process, for what it decides before any tier starts. */
class CliTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int execute(String... args) {
    CommandLine commandLine = Tunelab.commandLine();
    commandLine.setOut(new PrintWriter(out));
    commandLine.setErr(new PrintWriter(err));
    return commandLine.execute(args);
  }

  @Test
  void listsEveryKnobAsJson() throws Exception {
    assertThat(execute("knobs", "--json")).isZero();

    JsonNode knobs = new ObjectMapper().readTree(out.toString());
    assertThat(knobs).hasSize(KnobRegistry.standard().all().size());
    assertThat(knobs.get(0).fieldNames())
        .toIterable()
        .contains("name", "type", "allowed", "default", "unit", "tier", "restarts", "doc", "study");
  }

  @Test
  void everyCommandsHelpFormatsCleanly() {
    // picocli formats descriptions with String.format: a lone % leaves the text raw and warns
    java.io.PrintStream stderr = System.err;
    java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(warnings, true));
    try {
      for (CommandLine sub : Tunelab.commandLine().getSubcommands().values()) {
        assertThat(sub.getUsageMessage()).as(sub.getCommandName()).doesNotContain("%n");
      }
    } finally {
      System.setErr(stderr);
    }
    assertThat(warnings.toString()).isEmpty();
  }

  @Test
  void rejectsUnknownKnobBeforeStartingAnything() {
    int code = execute("stack", "up", "--set", "broker.persistance=off");

    assertThat(code).isEqualTo(BadInputException.EXIT_CODE);
    assertThat(err.toString())
        .contains("unknown knob 'broker.persistance'")
        .contains("broker.persistence");
  }

  @Test
  void rejectsBadKnobValueNamingTheAllowedValues() {
    int code = execute("stack", "up", "--set", "broker.journal.type=fast");

    assertThat(code).isEqualTo(BadInputException.EXIT_CODE);
    assertThat(err.toString()).contains("one of ASYNCIO, NIO, MAPPED");
  }

  @Test
  void rejectsUnknownOptionAsBadInput() {
    assertThat(execute("stack", "up", "--no-such-option")).isEqualTo(BadInputException.EXIT_CODE);
    assertThat(err.toString()).contains("--no-such-option");
  }

  @Test
  void rejectsUnknownProvider() {
    assertThat(execute("stack", "up", "--provider", "kubernetes"))
        .isEqualTo(BadInputException.EXIT_CODE);
    assertThat(err.toString()).contains("embedded, external, testcontainers");
  }

  @Test
  void runRejectsAMissingExperimentFile() {
    assertThat(execute("run", "experiments/no-such.yaml")).isEqualTo(BadInputException.EXIT_CODE);
    assertThat(err.toString()).contains("no experiment file experiments/no-such.yaml");
  }

  @Test
  void runRejectsAnUnknownKnobOnTheCommandLineBeforeStartingAnything() {
    String quickstart = System.getProperty("tunelab.home") + "/experiments/quickstart.yaml";
    int code = execute("run", quickstart, "--set", "workload.order=5");

    assertThat(code).isEqualTo(BadInputException.EXIT_CODE);
    assertThat(err.toString())
        .contains("--set: workload.order: unknown knob")
        .contains("workload.orders");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "p95 < fast                   | --threshold: threshold 'p95 < fast': it is not METRIC",
        "brm-10ms: p95 < 2 s          | the experiment has no step 'brm-10ms' (its steps: brm-50ms, brm-25ms)",
        "cpuPerUnit of publish < 1 ms | cpuPerUnit is the system's, not an operation's"
      })
  void runRejectsABadThresholdBeforeStartingAnything(String threshold, String why) {
    String quickstart = System.getProperty("tunelab.home") + "/experiments/quickstart.yaml";

    assertThat(execute("run", quickstart, "--threshold", threshold))
        .isEqualTo(BadInputException.EXIT_CODE);
    assertThat(err.toString()).contains(why);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "middleware.transactions: xa | middleware.transactions=xa needs PostgreSQL to prepare",
        "middleware.jvm.youngMegabytes: 2048 | middleware.jvm.youngMegabytes (2048) must be less than",
        "'workload.mix: \"0:0:0\"' | workload.mix is 0:0:0"
      })
  void runRefusesKnobsThatCannotWorkTogetherBeforeStartingAnything(
      String knob, String problem, @TempDir Path dir) throws Exception {
    Path experiment = dir.resolve("rule.yaml");
    Files.writeString(
        experiment,
        "plan: batch-order\nsteps:\n  - name: first\n  - name: second\n    knobs: {"
            + knob
            + "}\n");
    Path out = dir.resolve("results");

    int code = execute("run", experiment.toString(), "--out", out.toString());

    assertThat(code).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(err.toString())
        .startsWith("tunelab: " + experiment + ": steps[1] (second): " + problem);
    assertThat(ProcessHandle.current().children()).isEmpty();
    assertThat(out).doesNotExist();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "batch-order | middleware.fetcher.pollingMillis: 0 | knob middleware.fetcher.pollingMillis"
            + " must be an integer 1..600000, was '0'",
        "batch-order | middleware.fetcher.poolSize: 100000 | knob middleware.fetcher.poolSize must"
            + " be an integer 1..10000, was '100000'",
        "batch-order | middleware.messaging.dequeueThreads: 4 |"
            + " middleware.messaging.dequeueThreads means nothing to plan batch-order",
        "messaging | workload.messageMode: two-way | workload.replyQueue=none gives it no queue"
      })
  void runRefusesTheFetcherAndMessagingMisfitsBeforeStartingAnything(
      String plan, String knob, String problem, @TempDir Path dir) throws Exception {
    Path experiment = dir.resolve("misfit.yaml");
    Files.writeString(
        experiment,
        "plan: "
            + plan
            + "\nworkload: {mode: stream}\nsteps:\n  - name: first\n    knobs: {"
            + knob
            + "}\n");
    Path out = dir.resolve("results");

    int code = execute("run", experiment.toString(), "--out", out.toString());

    assertThat(code).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(err.toString()).contains(problem);
    assertThat(ProcessHandle.current().children()).isEmpty();
    assertThat(out).doesNotExist();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "sort-requests | workload.arrivalsPerMinute: 0 | knob workload.arrivalsPerMinute must be"
            + " an integer 1..6000000, was '0'",
        "sort-requests | workload.arrivalsPerMinute: -5 | knob workload.arrivalsPerMinute must be"
            + " an integer 1..6000000, was '-5'",
        "sort-requests | workload.deadlineMillis: 0 | knob workload.deadlineMillis must be an"
            + " integer 1..600000, was '0'",
        "sort-requests | middleware.sort.parseIn: java | knob middleware.sort.parseIn must be one"
            + " of",
        "batch-order | middleware.sort.sql: bind | middleware.sort.sql means nothing to plan"
            + " batch-order",
        "concurrent-soap | db.sort.fillFactor: 50 | db.sort.fillFactor means nothing to plan"
            + " concurrent-soap",
        "messaging | workload.deadlineMillis: 500 | workload.deadlineMillis means nothing to plan"
            + " messaging"
      })
  void runRefusesTheSortHubsBadValuesAndItsKnobsOnOtherPlansBeforeStartingAnything(
      String plan, String knob, String problem, @TempDir Path dir) throws Exception {
    Path experiment = dir.resolve("sort.yaml");
    Files.writeString(
        experiment, "plan: " + plan + "\nsteps:\n  - name: first\n    knobs: {" + knob + "}\n");
    Path out = dir.resolve("results");

    int code = execute("run", experiment.toString(), "--out", out.toString());

    assertThat(code).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(err.toString()).contains(problem);
    assertThat(ProcessHandle.current().children()).isEmpty();
    assertThat(out).doesNotExist();
  }

  @Test
  void runRefusesAnEndpointsFileThatIsNoneBeforeStartingAnything(@TempDir Path dir)
      throws Exception {
    Path experiment = dir.resolve("e.yaml");
    Files.writeString(experiment, "plan: batch-order\nsteps:\n  - name: only\n");
    // what `stack status --json` prints for a stack: not the `stack up --json` shape
    Path endpoints = dir.resolve("status.json");
    Files.writeString(endpoints, "{\"id\": \"s1\", \"mode\": \"detached\"}");
    Path out = dir.resolve("results");

    int code =
        execute(
            "run",
            experiment.toString(),
            "--provider",
            "external",
            "--endpoints",
            endpoints.toString(),
            "--out",
            out.toString());

    assertThat(code).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(err.toString()).contains(endpoints.toString()).contains("'mode'");
    assertThat(ProcessHandle.current().children()).isEmpty();
    assertThat(out).doesNotExist();
  }

  @Test
  void everySubcommandHasHelp() {
    for (String[] command :
        List.of(
            new String[] {"stack", "--help"},
            new String[] {"stack", "up", "--help"},
            new String[] {"run", "--help"},
            new String[] {"history", "--help"})) {
      assertThat(execute(command)).as(String.join(" ", command)).isZero();
    }
  }

  @Test
  void compareRejectsAFolderWithoutARun() {
    assertThat(execute("compare", "no-such-run", "no-such-run-either"))
        .isEqualTo(BadInputException.EXIT_CODE);
    assertThat(err.toString()).contains("no run at no-such-run");
  }
}
