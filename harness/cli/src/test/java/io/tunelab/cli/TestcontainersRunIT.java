package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code TUNELAB_IMAGES=built tunelab run EXPERIMENT --provider testcontainers} as a user runs it
 * where no registry answers: the db, broker and mocks as containers of tunelab's own images on the
 * host's network, every order accounted for, a server setting read back from the container's
 * PostgreSQL, the middleware beside them on the step's heap, and run.json saying what ran the
 * stack. Needs a Docker engine and the built images (ContainerImagesIT builds them earlier in a
 * verify, or {@code containers/build-images.sh}): skipped, naming what is missing, where one is.
 */
class TestcontainersRunIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void aRunOnTheBuiltImagesAccountsForEveryOrderWithItsKnobsInTheContainers() throws Exception {
    ComposeIT.assumeAnEngineWithTheBuiltImages();
    try (TestRuntime runtime = new TestRuntime()) {
      Path experiment = runtime.dir().resolve("contained.yaml");
      Files.writeString(
          experiment,
          """
          plan: batch-order
          repeat: 1
          workload: {orders: 40, warmupOrders: 0, mix: "1:0:0", minMeasuredSeconds: 0,
                     maxStealPercent: 100}
          knobs: {db.seed.customers: 100, mocks.brm.latency: 10, db.analyze: on,
                  db.server.work_mem: 8MB, middleware.jvm.heapMegabytes: 192}
          steps: [{name: contained}]
          """);
      Path out = runtime.dir().resolve("results");
      // what ./tunelab sets for TUNELAB_IMAGES=built: no Ryuk (its image is a registry's), and
      // the engine's host as 127.0.0.1 (an engine without a bridge network)
      CliProcess cli =
          new CliProcess(
              runtime.dir(),
              Map.of(
                  "TUNELAB_IMAGES", "built",
                  "TESTCONTAINERS_RYUK_DISABLED", "true",
                  "TESTCONTAINERS_HOST_OVERRIDE", "127.0.0.1"));

      CliProcess.Result result =
          cli.run(
              Duration.ofMinutes(5),
              "run",
              experiment.toString(),
              "--provider",
              "testcontainers",
              "--out",
              out.toString());

      assertThat(result.exitCode()).as(result.stderr()).isZero();
      JsonNode run = JSON.readTree(Files.readString(TestRuntime.onlyRun(out).resolve("run.json")));
      assertThat(run.at("/environment/stack").asText())
          .startsWith("testcontainers (tunelab/db:")
          .endsWith("built here, on the host's network)");
      JsonNode step = run.path("steps").path(0);
      assertThat(step.at("/readBack/db.server/work_mem").asText()).isEqualTo("8MB");
      assertThat(step.at("/readBack/middleware.inputArguments"))
          .extracting(JsonNode::asText)
          .contains("-Xmx192m");
      JsonNode repetition = step.path("repetitions").path(0);
      assertThat(repetition.path("valid").asBoolean()).as(result.stderr()).isTrue();
      assertThat(repetition.at("/accounting/completed").asInt()).isEqualTo(40);
      assertThat(repetition.at("/accounting/lost").asInt()).isZero();
      // the containers' processes are this machine's: the observer counts their CPU
      assertThat(repetition.at("/workCost/cpuMillisPerUnit/db").asDouble()).isPositive();
      // each container's output, saved as it was removed, kept with the run's logs
      assertThat(TestRuntime.onlyRun(out).resolve("logs/stack-1/db.log")).isNotEmptyFile();
    }
  }
}
