package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The messaging plan through a whole run: a starved dequeue side (one thread behind a 50 ms driver,
 * about 17 messages/s, while the clients send 40/s for 7.5 s: a backlog that grows for seconds, not
 * a batch landing at once, which the rule rightly does not call a backlog) and an idle one (four
 * threads, the clients at 10 messages/s). Every message is accounted for in both; the queue's depth
 * in the series makes the starved step's QUEUE_BACKLOG and the idle step's QUEUE_EMPTY findings;
 * the knobs read back from the broker and the middleware. The run serves its series for Prometheus
 * ({@code --metrics 0}), scraped while the starved step's backlog grows.
 */
class MessagingRunIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern METRICS_URL =
      Pattern.compile("metrics for Prometheus at (http://\\S+/metrics)");
  private static final Pattern BACKLOG =
      Pattern.compile(
          "tunelab_broker_message_count\\{[^}]*queue=\"tunelab.messages.1\"[^}]*} [1-9]");

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
          knobs:
            middleware.metrics: on
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
            - name: broker-killed
              knobs:
                workload.messages: 120
                workload.threads: 2
                workload.mode: backlog
                workload.crash: broker
                middleware.messaging.dequeueThreads: 4
                db.sequence.cache: 1000
          """);

      CliProcess.Running running =
          new CliProcess(runtime.dir())
              .start("run", experiment.toString(), "--out", out.toString(), "--metrics", "0");
      Scrapes scrapes = scrapeWhile(running, "starved");
      String backlogScrape = scrapes.run();
      if (!running.process().waitFor(5, TimeUnit.MINUTES)) {
        running.process().destroyForcibly();
        throw new AssertionError("the run did not end in 5 minutes");
      }
      CliProcess.Result result = running.result();

      assertThat(result.exitCode()).as(result.stderr()).isZero();
      // a scrape in the measured window of the starved step: its queue's depth, each tier's CPU
      assertThat(backlogScrape)
          .contains("tunelab_measuring{experiment=\"messaging\",step=\"starved\"} 1.0")
          .containsPattern(
              "tunelab_broker_message_count\\{experiment=\"messaging\",queue=\"tunelab.messages.1\","
                  + "step=\"starved\"} [1-9]")
          .containsPattern(
              "tunelab_cpu_tier\\{experiment=\"messaging\",step=\"starved\",tier=\"middleware\"} ")
          .contains("tunelab_broker_messages_added_total{");
      // the middleware's own meters (middleware.metrics=on) through the same endpoint
      assertThat(scrapes.middleware())
          .contains("hikaricp_connections{")
          .contains("jvm_memory_used_bytes{");
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
        // and by id: each planned message driven or failed, nothing else finished
        List<String> ledger =
            Files.readAllLines(
                runDir.resolve(rep.path("rawData").asText()).resolve("messages.csv"));
        assertThat(ledger.get(0)).isEqualTo("messageId,outcome");
        assertThat(ledger.subList(1, ledger.size()))
            .hasSize(planned[i])
            .allMatch(row -> row.matches("MSG-\\w+-\\d{8},(DRIVEN|FAILED)"));
        assertThat(messages.path("receivePerSecond").asDouble()).isPositive();
        assertThat(messages.path("endToEnd").path("p50").asDouble()).isPositive();
        // JMeter's dashboard of the measured JTL, one label per operation
        Path load = runDir.resolve(rep.path("rawData").asText()).resolve("load");
        JsonNode statistics = JSON.readTree(load.resolve("dashboard/statistics.json").toFile());
        assertThat(statistics.path("send").path("sampleCount").asInt()).isEqualTo(planned[i]);
        assertThat(statistics.fieldNames()).toIterable().containsExactlyInAnyOrder("send", "Total");
      }
      // the broker killed half-way through the drain and started on its journal: persistent
      // messages, so every one is still driven or failed, by its id
      JsonNode killed = run.path("steps").path(2).path("repetitions").path(0);
      // sized by the sizer from the steps before, as every messaging load is
      int sent = killed.at("/messages/planned").asInt();
      assertThat(killed.path("valid").asBoolean()).as(killed.path("verdict").asText()).isTrue();
      assertThat(killed.path("verdict").asText())
          .containsPattern(
              "workload.crash: the broker tier killed at \\d+ of "
                  + sent
                  + " messages done, back on its data in");
      assertThat(killed.at("/messages/lost").asInt()).isZero();
      assertThat(killed.path("findings").findValuesAsText("kind")).contains("TIER_CRASHED");
      assertThat(
              Files.readAllLines(
                      runDir.resolve(killed.path("rawData").asText()).resolve("messages.csv"))
                  .stream()
                  .skip(1))
          .hasSize(sent)
          .allMatch(row -> row.endsWith(",DRIVEN") || row.endsWith(",FAILED"));
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

  /** A scrape of the run's series and the middleware's meters read right after it. */
  private record Scrapes(String run, String middleware) {}

  /**
   * Scrapes the run's metrics endpoint (its address read from the run's stderr) until a scrape in
   * {@code step}'s measured window shows messages waiting on the queue; returns that scrape and the
   * middleware's meters read through the endpoint right after it.
   */
  private static Scrapes scrapeWhile(CliProcess.Running running, String step) throws Exception {
    AtomicReference<URI> endpoint = new AtomicReference<>();
    await("the run's metrics address on its stderr")
        .atMost(Duration.ofMinutes(1))
        .until(
            () -> {
              Matcher url = METRICS_URL.matcher(running.stderr());
              if (url.find()) {
                endpoint.set(URI.create(url.group(1)));
              }
              return endpoint.get() != null || !running.process().isAlive();
            });
    assertThat(endpoint.get()).as("no metrics address in: %s", running.stderr()).isNotNull();
    HttpClient http = HttpClient.newHttpClient();
    AtomicReference<Scrapes> seen = new AtomicReference<>();
    await("a scrape in " + step + "'s measured window with messages waiting")
        .atMost(Duration.ofMinutes(3))
        .pollInterval(Duration.ofMillis(250))
        .until(
            () -> {
              if (!running.process().isAlive()) {
                return true;
              }
              String body;
              HttpResponse<String> middleware;
              try {
                body =
                    http.send(
                            HttpRequest.newBuilder(endpoint.get()).build(),
                            HttpResponse.BodyHandlers.ofString())
                        .body();
                middleware =
                    http.send(
                        HttpRequest.newBuilder(endpoint.get().resolve("/middleware/metrics"))
                            .build(),
                        HttpResponse.BodyHandlers.ofString());
              } catch (java.io.IOException e) {
                return false;
              }
              boolean backlog =
                  body.contains(
                          "tunelab_measuring{experiment=\"messaging\",step=\"" + step + "\"} 1.0")
                      && BACKLOG.matcher(body).find()
                      && middleware.statusCode() == 200;
              if (backlog) {
                seen.set(new Scrapes(body, middleware.body()));
              }
              return backlog;
            });
    assertThat(seen.get()).as("no scrape saw %s's backlog before the run ended", step).isNotNull();
    return seen.get();
  }
}
