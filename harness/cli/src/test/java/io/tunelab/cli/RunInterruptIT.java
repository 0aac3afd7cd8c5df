package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Ctrl-C (SIGTERM, as a terminal's SIGINT runs the same shutdown hooks) during a run. */
class RunInterruptIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void stoppedRunIsMarkedIncompleteWithItsReportAndLeavesNoProcess() throws Exception {
    try (TestRuntime runtime = new TestRuntime()) {
      Path out = runtime.dir().resolve("results");
      Path experiment = runtime.dir().resolve("long.yaml");
      Files.writeString(
          experiment,
          """
          plan: batch-order
          repeat: 1
          workload: {orders: 100000, warmupOrders: 0}
          knobs: {db.seed.customers: 100}
          steps: [{name: long}]
          """);
      CliProcess.Running running =
          new CliProcess(runtime.dir())
              .start("run", experiment.toString(), "--out", out.toString());
      await()
          .atMost(Duration.ofMinutes(3))
          .until(() -> running.stderr().contains("enqueuing 100000 orders"));

      running.process().destroy();
      assertThat(running.process().waitFor(60, TimeUnit.SECONDS)).isTrue();

      JsonNode run = JSON.readTree(Files.readString(TestRuntime.onlyRun(out).resolve("run.json")));
      assertThat(run.path("status").asText()).isEqualTo("incomplete");
      assertThat(run.path("valid").asBoolean()).isFalse();
      assertThat(run.path("finishedAt").asText()).isNotBlank();
      // the page of a stopped run is written too, and says it is incomplete
      assertThat(Files.readString(TestRuntime.onlyRun(out).resolve("report.html")))
          .contains("\"status\":\"incomplete\"");
      await()
          .atMost(Duration.ofSeconds(30))
          .untilAsserted(() -> assertThat(TierProcesses.under(runtime.dir())).isEmpty());
    }
  }

  /**
   * kill -9 of the controller: nothing can mark the run, so run.json keeps saying running; its
   * readers check the recorded controller (pid and start time) and say interrupted.
   */
  @Test
  void aRunWhoseControllerWasKilledIsReadAsInterruptedAndNotCompared() throws Exception {
    try (TestRuntime runtime = new TestRuntime()) {
      Path out = runtime.dir().resolve("results");
      Path experiment = runtime.dir().resolve("long.yaml");
      Files.writeString(
          experiment,
          """
          plan: batch-order
          repeat: 1
          workload: {orders: 100000, warmupOrders: 0}
          knobs: {db.seed.customers: 100}
          steps: [{name: long}]
          """);
      CliProcess cli = new CliProcess(runtime.dir());
      CliProcess.Running running = cli.start("run", experiment.toString(), "--out", out.toString());
      await()
          .atMost(Duration.ofMinutes(3))
          .until(() -> running.stderr().contains("enqueuing 100000 orders"));

      running.process().destroyForcibly();
      assertThat(running.process().waitFor(60, TimeUnit.SECONDS)).isTrue();
      Path runDir = TestRuntime.onlyRun(out);
      JsonNode written = JSON.readTree(Files.readString(runDir.resolve("run.json")));
      assertThat(written.path("status").asText()).isEqualTo("running");
      assertThat(written.at("/controller/pid").asLong()).isEqualTo(running.process().pid());
      assertThat(written.at("/controller/startedAt").asText()).isNotBlank();

      CliProcess.Result report = cli.run(Duration.ofMinutes(1), "report", runDir.toString());
      CliProcess.Result compare =
          cli.run(Duration.ofMinutes(1), "compare", runDir.toString(), runDir.toString());

      assertThat(report.exitCode()).as(report.stderr()).isZero();
      assertThat(report.stdout())
          .contains(
              "was interrupted: its run.json says running, but its controller (pid "
                  + running.process().pid()
                  + ") is gone");
      assertThat(Files.readString(runDir.resolve("report.html")))
          .contains("\"status\":\"interrupted\"");
      assertThat(compare.exitCode()).isEqualTo(2);
      assertThat(compare.stderr()).contains("is interrupted, not complete");
      await()
          .atMost(Duration.ofSeconds(60))
          .untilAsserted(() -> assertThat(TierProcesses.under(runtime.dir())).isEmpty());
    }
  }
}
