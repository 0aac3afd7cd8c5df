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
}
