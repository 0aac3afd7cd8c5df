package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.BadInputException;
import io.tunelab.core.bench.Baseline;
import io.tunelab.core.bench.BaselineStore;
import io.tunelab.core.bench.Fingerprint;
import io.tunelab.core.results.Environment;
import io.tunelab.core.results.RunFiles;
import io.tunelab.core.results.RunResult;
import io.tunelab.run.Machine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tunelab bench} and {@code tunelab baseline} in-process on what they refuse before any tier
 * starts (no stack is started here: a refusal that came late would fail on the missing stack, not
 * with exit code 2).
 */
class BenchCommandTest {
  private final InProcessCli cli = new InProcessCli();

  @TempDir Path dir;

  private int execute(String... args) {
    return cli.execute(args);
  }

  private Path suite(String yaml) throws Exception {
    Files.writeString(
        dir.resolve("exp.yaml"),
        "plan: batch-order\nsteps: [{name: base}, {name: tuned, knobs: {mocks.brm.latency: 5}}]\n");
    Path file = dir.resolve("suite.yaml");
    Files.writeString(file, yaml);
    return file;
  }

  @Test
  void aBadThresholdInTheSuiteIsBadInputNamingTheFileAndPlace() throws Exception {
    Path suite = suite("experiments: [{file: exp.yaml, thresholds: [p99 < 2 parsecs]}]\n");

    assertThat(execute("bench", suite.toString(), "--out", dir.toString()))
        .isEqualTo(BadInputException.EXIT_CODE);
    assertThat(cli.err())
        .contains(suite + ": experiments[0].thresholds[0]: threshold 'p99 < 2 parsecs'");
  }

  @Test
  void aThresholdOnAStepTheExperimentLacksIsBadInputListingItsSteps() throws Exception {
    Path suite = suite("experiments: [{file: exp.yaml, thresholds: {tunned: [errors < 1%]}}]\n");

    assertThat(execute("bench", suite.toString(), "--out", dir.toString()))
        .isEqualTo(BadInputException.EXIT_CODE);
    assertThat(cli.err())
        .contains("has no step 'tunned' for the threshold 'errors < 1%' (its steps: base, tuned)");
  }

  @Test
  void aBadKnobInTheSuitesSetIsBadInputAsWithSet() throws Exception {
    Path suite =
        suite(
            "experiments: [{file: exp.yaml, set: {mocks.brm.latncy: 5}, thresholds: [errors < 1%]}]\n");

    assertThat(execute("bench", suite.toString(), "--out", dir.toString()))
        .isEqualTo(BadInputException.EXIT_CODE);
    assertThat(cli.err()).contains("mocks.brm.latncy");
  }

  @Test
  void aBaselineFileThatIsNotOneIsBadInputBeforeAnythingRuns() throws Exception {
    Path suite = suite("experiments: [{file: exp.yaml, thresholds: [errors < 1%]}]\n");
    Path file = dir.resolve("baselines/suite/" + Machine.fingerprint().machineKey() + "/exp.json");
    Files.createDirectories(file.getParent());
    Files.writeString(file, "{\"suite\": \"suite\"}");

    int code =
        execute(
            "bench",
            suite.toString(),
            "--out",
            dir.toString(),
            "--baselines",
            dir.resolve("baselines").toString());

    assertThat(code).isEqualTo(BadInputException.EXIT_CODE);
    assertThat(cli.err())
        .contains("cannot read the baseline " + file)
        .contains("--record-baseline");
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .as("nothing written before the refusal")
          .noneMatch(name -> name.startsWith("bench-"));
    }
  }

  @Test
  void baselineUpdateAddsACompleteValidRunAsANightOfItsMachinesBaseline() throws Exception {
    RunFiles.write(dir.resolve("run"), run("exp", RunResult.COMPLETE, true));
    String[] update = {
      "baseline",
      "update",
      dir.resolve("run").toString(),
      "--suite",
      "pr",
      "--baselines",
      dir.resolve("baselines").toString()
    };

    assertThat(execute(update)).as(cli.err()).isZero();
    assertThat(execute(update)).as(cli.err()).isZero();

    String machine =
        Fingerprint.of(run("exp", RunResult.COMPLETE, true).environment()).machineKey();
    assertThat(machine).isEqualTo("a-cpu-2c-24gb-jdk17-debian");
    Baseline recorded =
        new BaselineStore(dir.resolve("baselines")).read("pr", machine, "exp").orElseThrow();
    assertThat(recorded.nights()).hasSize(2);
    assertThat(recorded.nights().get(1).run().runId()).isEqualTo("20261124-000000-exp");
    assertThat(recorded.newest().cores()).isEqualTo(2);
    assertThat(recorded.newest().artemis()).isEqualTo("2.56.0");
    assertThat(cli.out())
        .contains(dir.resolve("baselines/pr/" + machine + "/exp.json") + ", night 2");

    assertThat(
            execute(
                update[0], update[1], update[2], update[3], update[4], update[5], update[6],
                "--new"))
        .isZero();
    assertThat(
            new BaselineStore(dir.resolve("baselines"))
                .read("pr", machine, "exp")
                .orElseThrow()
                .nights())
        .hasSize(1);
  }

  @Test
  void baselineUpdateRefusesAnInvalidOrUnfinishedRun() {
    RunFiles.write(dir.resolve("invalid"), run("exp", RunResult.COMPLETE, false));
    RunFiles.write(dir.resolve("stopped"), run("exp", RunResult.INCOMPLETE, false));

    assertThat(execute("baseline", "update", dir.resolve("invalid").toString()))
        .isEqualTo(BadInputException.EXIT_CODE);
    assertThat(execute("baseline", "update", dir.resolve("stopped").toString()))
        .isEqualTo(BadInputException.EXIT_CODE);
    assertThat(cli.err())
        .contains("is invalid: a baseline must be a complete, valid run")
        .contains("is incomplete: a baseline must be a complete, valid run");
  }

  /** "a CPU", 2 cores, 24 GB, Debian's JDK 17 and the stack's versions: a test run's machine. */
  static Environment environment() {
    return new Environment(
        "abc",
        "17.0.15 (Debian)",
        "15.18",
        "2.56.0",
        "3.13.2",
        "5.6.3",
        2,
        "a CPU",
        24103,
        "Linux",
        Map.of(),
        Map.of(),
        "embedded");
  }

  /** A one-step run of {@code experiment} measured on "a CPU", 2 cores, 24 GB, Debian's JDK 17. */
  static RunResult run(String experiment, io.tunelab.core.results.RunStatus status, boolean valid) {
    Environment env = environment();
    RunResult run =
        new RunResult(
                "20261124-000000-" + experiment,
                experiment,
                experiment + ".yaml",
                "batch-order",
                "orders/min",
                RunResult.RUNNING,
                false,
                "2026-11-24T00:00:00Z",
                null,
                3,
                "base",
                env,
                List.of())
            .withStep(
                io.tunelab.core.results.StepResult.of(
                    "base",
                    Map.of(),
                    Map.of(),
                    List.of(),
                    Map.of(),
                    List.of(
                        io.tunelab.core.results.Repetition.measured(
                            1,
                            valid,
                            valid ? "all orders accounted for" : "2 orders lost",
                            io.tunelab.core.results.Metrics.of(
                                900, new io.tunelab.core.results.LatencyMillis(1, 2, 3, 4), 0),
                            io.tunelab.core.results.BatchOrderMeasures.of(
                                new io.tunelab.core.results.OrderAccounting(
                                    100, valid ? 100 : 98, 0, valid ? 0 : 2, 0)),
                            new io.tunelab.core.results.Warmup(5, 5, 1000),
                            2000,
                            "base/rep-1"))))
            .finished(status, "2026-11-24T00:05:00Z");
    assertThat(run.valid()).isEqualTo(valid && status == RunResult.COMPLETE);
    return run;
  }
}
