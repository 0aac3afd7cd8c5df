package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.ExitCodes;
import io.tunelab.core.results.BatchOrderMeasures;
import io.tunelab.core.results.Environment;
import io.tunelab.core.results.LatencyMillis;
import io.tunelab.core.results.Metrics;
import io.tunelab.core.results.OrderAccounting;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RunFiles;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.RunStatus;
import io.tunelab.core.results.StepResult;
import io.tunelab.core.results.Warmup;
import io.tunelab.core.studies.StudiesPage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tunelab studies} in-process: recording a run of a study experiment, and the page. */
class StudiesCommandTest {
  private final InProcessCli cli = new InProcessCli();

  @TempDir Path dir;

  private Path experiment() throws IOException {
    Path file = dir.resolve("two-steps.yaml");
    Files.writeString(
        file,
        """
        name: study-two-steps
        plan: batch-order
        steps:
          - name: shipped
          - name: patched
            knobs: {middleware.diagnostics: "off"}
        study:
          name: service broker
          expect: [{step: patched, against: baseline, direction: up, effect: about +20%}]
        """,
        StandardCharsets.UTF_8);
    return file;
  }

  private Path run(Path experiment, RunStatus status) {
    Environment machine =
        new Environment(
            "abc123",
            "17",
            "15.18",
            "2.56.0",
            "3.13.2",
            "5.6.3",
            2,
            "AMD EPYC",
            24105,
            "Linux",
            Map.of(),
            Map.of(),
            "embedded");
    RunResult run =
        new RunResult(
            "20261124-120000-study-two-steps",
            "study-two-steps",
            experiment.toString(),
            "batch-order",
            "orders/min",
            RunStatus.RUNNING,
            false,
            "2026-11-24T12:00:00Z",
            null,
            3,
            "shipped",
            machine,
            List.of());
    run = run.withStep(step("shipped", 100, 102, 98)).withStep(step("patched", 120, 123, 118));
    Path folder = dir.resolve("run");
    RunFiles.write(folder, run.finished(status, "2026-11-24T12:10:00Z"));
    return folder;
  }

  private static StepResult step(String name, double... throughputs) {
    List<Repetition> reps = new ArrayList<>();
    for (int i = 0; i < throughputs.length; i++) {
      reps.add(
          Repetition.measured(
              i + 1,
              true,
              "all orders accounted for",
              Metrics.of(throughputs[i], new LatencyMillis(10, 20, 30, 40), 0),
              BatchOrderMeasures.of(new OrderAccounting(100, 100, 0, 0, 0)),
              new Warmup(5, 5, 1000),
              2000,
              name + "/rep-" + (i + 1)));
    }
    return StepResult.of(name, Map.of(), Map.of(), List.of(), Map.of(), reps);
  }

  @Test
  void recordWritesTheSummaryWithTheDiscussionFromAFile() throws IOException {
    Path run = run(experiment(), RunStatus.COMPLETE);
    Path discussion = dir.resolve("why.md");
    Files.writeString(discussion, "The broker here logs to tmpfs.\n", StandardCharsets.UTF_8);
    Path studies = dir.resolve("studies");

    int code =
        cli.execute(
            "studies",
            "record",
            run.toString(),
            "--studies",
            studies.toString(),
            "--discussion",
            "@" + discussion);

    assertThat(code).as(cli.err()).isZero();
    String json = Files.readString(studies.resolve("study-two-steps.json"));
    assertThat(json)
        .contains("\"discussion\" : \"The broker here logs to tmpfs.\"")
        .contains("\"comparedWith\" : \"shipped\"")
        .contains("\"match\" : \"yes\"");
    assertThat(cli.out()).contains("1 of 1 in the study's direction");

    assertThat(cli.execute("studies", "record", run.toString(), "--studies", studies.toString()))
        .isZero();
    assertThat(Files.readString(studies.resolve("study-two-steps.json"))).isEqualTo(json);
  }

  @Test
  void anIncompleteRunExitsTwoAndWritesNothing() throws IOException {
    Path run = run(experiment(), RunStatus.INCOMPLETE);
    Path studies = dir.resolve("studies");

    int code = cli.execute("studies", "record", run.toString(), "--studies", studies.toString());

    assertThat(code).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(cli.err()).contains("is incomplete: a study summary needs a complete run");
    assertThat(studies).doesNotExist();
  }

  @Test
  void markdownPrintsThePageOfTheCheckout() {
    int code = cli.execute("studies", "--markdown");

    assertThat(code).as(cli.err()).isZero();
    assertThat(cli.out())
        .isEqualTo(StudiesPage.markdown(Path.of(System.getProperty("tunelab.home"))));
  }
}
