package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A step whose completion rate cannot settle within the warm-up's cap gets the verdict "no steady
 * state" for the repetition measured after it, not a number that looks fine. A steadiness tolerance
 * of 0.1% cannot be met by windows of ten orders on any machine, so the cap is what ends the
 * warm-up here. Steal from the hypervisor is not judged (maxStealPercent 100): a disturbed
 * repetition would be measured again and called DISTURBED, which is another test's subject.
 */
class SteadyStateIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void aRepetitionAfterAWarmupThatNeverSettledIsJudgedNoSteadyState() throws Exception {
    try (TestRuntime runtime = new TestRuntime()) {
      Path out = runtime.dir().resolve("results");
      Path experiment = runtime.dir().resolve("unsteady.yaml");
      Files.writeString(
          experiment,
          """
          plan: batch-order
          repeat: 1
          workload:
            orders: 20
            mix: "1:0:0"
            mode: rate
            arrivalsPerMinute: 600
            warmupOrders: 10
            warmupMaxOrders: 60
            warmupMaxSeconds: 600
            steadyBatches: 3
            steadyTolerancePercent: 0.1
            minMeasuredSeconds: 0
            maxStealPercent: 100
          knobs: {db.seed.customers: 100}
          steps: [{name: unsteady}]
          """);

      CliProcess.Result result =
          new CliProcess(runtime.dir())
              .run(Duration.ofMinutes(4), "run", experiment.toString(), "--out", out.toString());

      // every order is accounted for: the run is valid, and says it measured no steady state
      assertThat(result.exitCode()).as(result.stderr()).isZero();
      assertThat(result.stderr()).contains("warm-up NO STEADY STATE");
      Path runDir = TestRuntime.onlyRun(out);
      JsonNode rep =
          JSON.readTree(Files.readString(runDir.resolve("run.json")))
              .path("steps")
              .path(0)
              .path("repetitions")
              .path(0);
      assertThat(rep.path("valid").asBoolean()).isTrue();
      assertThat(rep.path("steady").asBoolean(true)).isFalse();
      assertThat(rep.path("verdict").asText()).startsWith("NO STEADY STATE (");
      assertThat(Files.readString(runDir.resolve("summary.md")))
          .contains("| unsteady **NO STEADY STATE** |")
          .contains("**NO STEADY STATE** in unsteady");
      JsonNode steady = rep.path("warmup").path("steadyState");
      assertThat(steady.path("reached").asBoolean()).isFalse();
      assertThat(steady.path("endedBy").asText())
          .isEqualTo("workload.warmupMaxOrders (60) orders were sent");
      assertThat(steady.path("shape").asText()).isEqualTo("NONE");
      // three warm-up batches the size of the measured one (20 orders)
      assertThat(steady.path("batchRatesPerMinute")).hasSize(3);
      assertThat(rep.path("warmup").path("orders").asInt()).isEqualTo(60);
      assertThat(
              Math.max(
                  steady.path("cvPercent").asDouble(),
                  Math.abs(steady.path("trendPercent").asDouble())))
          .as("the rule's own figures say why it was not steady")
          .isGreaterThan(0.1);
      // the measured batch still ran and every order is accounted for
      assertThat(rep.path("accounting").path("completed").asInt()).isEqualTo(20);
      JsonNode window = rep.path("window");
      assertThat(window.path("mode").asText()).isEqualTo("rate");
      assertThat(window.path("latencyFrom").asText()).isEqualTo("due");
      JsonNode arrivals = window.path("arrivals");
      assertThat(arrivals.path("targetPerMinute").asInt()).isEqualTo(600);
      assertThat(arrivals.path("planned").asInt()).isEqualTo(20);
      assertThat(arrivals.path("attempted").asInt()).isEqualTo(20);
      assertThat(arrivals.path("failed").asInt()).isZero();
      // 20 orders due 100 ms apart: a late start of one send moves the achieved rate a little
      assertThat(arrivals.path("achievedPerMinute").asDouble()).isBetween(480.0, 720.0);
      assertThat(arrivals.path("plannedSpanMillis").asLong()).isEqualTo(1900);
    }
  }
}
