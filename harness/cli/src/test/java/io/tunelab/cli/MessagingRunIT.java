package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The messaging plan through a whole run: a starved dequeue side (one thread behind a 50 ms driver,
 * about 17 messages/s, while the clients send 40/s for 7.5 s: a backlog that grows for seconds, not
 * a batch landing at once, which the rule rightly does not call a backlog) and an idle one (four
 * threads, the clients at 10 messages/s). Every message is accounted for in both; the queue's depth
 * in the series makes the starved step's QUEUE_BACKLOG and the idle step's QUEUE_EMPTY findings;
 * the knobs read back from the broker and the middleware.
 */
class MessagingRunIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void aStarvedDequeueSideBacksUpAndAnIdleOneWaitsWithEveryMessageAccountedFor() throws Exception {
    try (TestRuntime runtime = new TestRuntime()) {
      Path out = runtime.dir().resolve("results");
      Path experiment = runtime.dir().resolve("messaging.yaml");
      Files.writeString(
          experiment,
          """
          plan: messaging
          repeat: 1
          workload:
            warmupMessages: 0
            minMeasuredSeconds: 0
            maxStealPercent: 100
          steps:
            - name: starved
              knobs:
                workload.messages: 300
                workload.threads: 4
                workload.mode: rate
                workload.arrivalsPerMinute: 2400
                middleware.messaging.dequeueThreads: 1
                mocks.driver.latency: 50
            - name: idle
              knobs:
                workload.messages: 80
                workload.threads: 2
                workload.mode: rate
                workload.arrivalsPerMinute: 600
                workload.minMeasuredSeconds: 10
                middleware.messaging.dequeueThreads: 4
                db.sequence.cache: 1000
          """);

      CliProcess.Result result =
          new CliProcess(runtime.dir())
              .run(Duration.ofMinutes(5), "run", experiment.toString(), "--out", out.toString());

      assertThat(result.exitCode()).as(result.stderr()).isZero();
      Path runDir = TestRuntime.onlyRun(out);
      JsonNode run = JSON.readTree(Files.readString(runDir.resolve("run.json")));
      io.tunelab.tiers.RunJsonSchema.assertValid(runDir.resolve("run.json"));
      // idle: 80 asked, but a run must last 10 s at 600/min over its middle 80%: 125 sent
      int[] planned = {300, 125};
      for (int i = 0; i < 2; i++) {
        JsonNode rep = run.path("steps").path(i).path("repetitions").path(0);
        JsonNode messages = rep.path("messages");
        assertThat(rep.path("valid").asBoolean()).as(rep.path("verdict").asText()).isTrue();
        assertThat(messages.path("sent").asInt()).isEqualTo(planned[i]);
        assertThat(messages.path("driven").asInt() + messages.path("failed").asInt())
            .isEqualTo(planned[i]);
        assertThat(messages.path("lost").asInt()).isZero();
        assertThat(messages.path("receivePerSecond").asDouble()).isPositive();
        assertThat(messages.path("endToEnd").path("p50").asDouble()).isPositive();
        // JMeter's dashboard of the measured JTL, one label per operation
        Path load = runDir.resolve(rep.path("rawData").asText()).resolve("load");
        JsonNode statistics = JSON.readTree(load.resolve("dashboard/statistics.json").toFile());
        assertThat(statistics.path("send").path("sampleCount").asInt()).isEqualTo(planned[i]);
        assertThat(statistics.fieldNames()).toIterable().containsExactlyInAnyOrder("send", "Total");
      }
      JsonNode idle = run.path("steps").path(1).path("repetitions").path(0).path("messages");
      assertThat(idle.path("targetArrivalsPerMinute").asDouble()).isEqualTo(600);
      JsonNode readBack = run.path("steps").path(1).path("readBack");
      assertThat(readBack.path("broker.consumers").path("tunelab.messages.1").asInt()).isEqualTo(4);
      assertThat(readBack.path("middleware.messaging").path("dequeueThreads").asInt()).isEqualTo(4);
      assertThat(
              readBack
                  .path("broker.messagingQueuesExclusive")
                  .path("tunelab.messages.1")
                  .asBoolean())
          .isFalse();
      assertThat(Files.readString(runDir.resolve("starved/rep-1/findings.json")))
          .contains("QUEUE_BACKLOG")
          .contains("middleware.messaging.dequeueThreads");
      // the knobs it names, machine-readable beside its words, as run.json carries them
      assertThat(run.at("/steps/0/repetitions/0/findings").findValues("candidates"))
          .anySatisfy(
              candidates -> {
                assertThat(candidates.at("/0/knob").asText())
                    .isEqualTo("middleware.messaging.dequeueThreads");
                assertThat(candidates.at("/0/move").asText()).isEqualTo("RAISE");
              });
      assertThat(Files.readString(runDir.resolve("idle/rep-1/findings.json")))
          .contains("QUEUE_EMPTY")
          .contains("the clients are the limit");
      assertThat(Files.readString(runDir.resolve("idle/rep-1/series.csv")))
          .contains(",broker.messageCount,tunelab.messages.1,");
    }
  }
}
