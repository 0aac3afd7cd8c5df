package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A middleware that dies during a batch (killed, as a crash would end it, or out of heap) ends that
 * repetition at once with the reason, instead of a drain timeout per repetition, and the next
 * repetition or step runs on a new middleware; the database and the broker killed mid-batch on
 * purpose ({@code workload.crash}) come back on their data with every order accounted for.
 */
class MiddlewareDeathIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void aDeadMiddlewareInvalidatesItsRepetitionByNameAndTheNextOneRunsOnANewOne() throws Exception {
    try (TestRuntime runtime = new TestRuntime()) {
      Path out = runtime.dir().resolve("results");
      Path experiment = runtime.dir().resolve("death.yaml");
      // A drain timeout far beyond the wait below: only noticing the death ends this in time.
      Files.writeString(
          experiment,
          """
          plan: batch-order
          repeat: 2
          workload: {orders: 30, warmupOrders: 0, drainTimeoutSeconds: 900, mix: "1:0:0"}
          knobs: {db.seed.customers: 100, mocks.brm.latency: 100}
          steps: [{name: dies}]
          """);
      CliProcess.Running running =
          new CliProcess(runtime.dir())
              .start("run", experiment.toString(), "--out", out.toString());
      await()
          .atMost(Duration.ofMinutes(3))
          .pollInterval(Duration.ofMillis(200))
          .until(() -> running.stderr().contains("drain ("));
      List<ProcessHandle> middleware = middlewareUnder(runtime.dir());
      assertThat(middleware).hasSize(1);
      // on demand, while it drains: its threads, found by the run's folder
      Path runDir = TestRuntime.onlyRun(out);
      CliProcess.Result threads =
          new CliProcess(runtime.dir()).run(Duration.ofMinutes(1), "threads", runDir.toString());
      assertThat(threads.exitCode()).as(threads.stderr()).isZero();
      assertThat(threads.stdout()).contains("middleware JVM " + middleware.get(0).pid() + ": ");
      try (java.util.stream.Stream<Path> dumps = Files.list(runDir.resolve("threads"))) {
        Path dump = dumps.findFirst().orElseThrow();
        assertThat(Files.readString(dump))
            .startsWith("Threads of JVM " + middleware.get(0).pid())
            .contains("java.lang.Thread.State: ");
      }
      middleware.get(0).destroyForcibly();

      assertThat(running.process().waitFor(4, TimeUnit.MINUTES)).isTrue();
      CliProcess.Result result = running.result();
      assertThat(result.exitCode()).as(result.stderr()).isEqualTo(1);
      assertThat(result.stderr()).contains("rep 2: starting the middleware again");

      JsonNode repetitions =
          JSON.readTree(Files.readString(TestRuntime.onlyRun(out).resolve("run.json")))
              .path("steps")
              .path(0)
              .path("repetitions");
      JsonNode first = repetitions.path(0);
      assertThat(first.path("valid").asBoolean()).isFalse();
      assertThat(first.path("verdict").asText())
          .contains("the drain ended early: the middleware (pid " + middleware.get(0).pid())
          .contains("exited with status 137")
          .doesNotContain("stalled");
      JsonNode second = repetitions.path(1);
      assertThat(second.path("valid").asBoolean()).as(result.stderr()).isTrue();
      assertThat(second.path("accounting").path("completed").asInt()).isEqualTo(30);
      await()
          .atMost(Duration.ofSeconds(30))
          .untilAsserted(() -> assertThat(TierProcesses.under(runtime.dir())).isEmpty());
    }
  }

  /**
   * The study's heap story to its end: large orders on a 16 MB heap kill the middleware
   * (-XX:+ExitOnOutOfMemoryError, exit status 3), its repetition is invalid naming the heap knob,
   * and the next step, with a heap that fits, starts on a clean stack and completes every order
   * (before, its middleware took up the dead one's orders from the queues while the data was
   * purged, and PostgreSQL's deadlock ended the run, exit 3). In the same run, on the heap that
   * fits, the other tiers die on purpose ({@code workload.crash}): PostgreSQL and then Artemis are
   * killed by SIGKILL half-way through a batch and started again on their data, and every order is
   * still accounted for by its id; killed again with non-persistent messages, the broker takes the
   * batch's rest with it, counted lost, and the verdict names the knobs that traded durability.
   */
  @Test
  void aMiddlewareOutOfHeapDiesNamingTheHeapKnobAndTheNextStepRecovers() throws Exception {
    try (TestRuntime runtime = new TestRuntime()) {
      Path out = runtime.dir().resolve("results");
      Path experiment = runtime.dir().resolve("heap.yaml");
      Files.writeString(
          experiment,
          """
          plan: batch-order
          repeat: 1
          # step after step: a repetition measured again for noise repeats its own step, not a
          # whole round of four
          order: sequential
          workload: {orders: 10, mix: "0:0:1", warmupOrders: 0, maxErrorPercent: 100}
          knobs: {db.seed.customers: 100, middleware.engine.threads: 8}
          steps:
            - name: small-heap
              knobs: {middleware.jvm.heapMegabytes: 16, middleware.jvm.initialHeapMegabytes: 16}
            - name: enough-heap
              knobs: {middleware.jvm.heapMegabytes: 256}
            # the crash, not the speed, is the subject: batches of 10 whatever their pace, and a
            # window the other test JVM disturbs is not measured again
            - name: db-killed
              knobs: {middleware.jvm.heapMegabytes: 256, workload.crash: db,
                      workload.minMeasuredSeconds: 0, workload.maxStealPercent: 100}
            - name: broker-killed
              knobs: {middleware.jvm.heapMegabytes: 256, workload.crash: broker,
                      workload.minMeasuredSeconds: 0, workload.maxStealPercent: 100}
            # durability traded away: messages the broker keeps in memory only, processed in the
            # consumer's transaction (sync), so the batch's rest waits in its queues when it dies
            # (large orders: small ones all finish before the crash could come); the drain gives
            # up 20 s after the last order settled: with 5 s, a verify with four test JVMs saw
            # none of the 10 settle in time, so the crash, at 5 done, never came
            - name: non-persistent-broker-killed
              knobs: {middleware.jvm.heapMegabytes: 256, workload.crash: broker,
                      workload.persistent: off, middleware.messages.persistent: off,
                      middleware.delivery.policy: sync, workload.drainTimeoutSeconds: 20,
                      workload.minMeasuredSeconds: 0, workload.maxStealPercent: 100}
          """);

      CliProcess.Result result =
          new CliProcess(runtime.dir())
              .run(Duration.ofMinutes(5), "run", experiment.toString(), "--out", out.toString());

      assertThat(result.exitCode()).as(result.stderr()).isEqualTo(1);
      Path runDir = TestRuntime.onlyRun(out);
      JsonNode steps = JSON.readTree(Files.readString(runDir.resolve("run.json"))).path("steps");
      JsonNode died = steps.path(0).path("repetitions").path(0);
      assertThat(died.path("valid").asBoolean()).isFalse();
      assertThat(died.path("disturbed").asBoolean()).as("its CPU left with it").isFalse();
      assertThat(died.path("verdict").asText())
          .contains("exited with status 3 (out of memory: raise middleware.jvm.heapMegabytes)")
          .contains("OutOfMemoryError");
      assertThat(died.path("findings"))
          .anySatisfy(
              finding -> {
                assertThat(finding.path("kind").asText()).isEqualTo("MIDDLEWARE_DIED");
                assertThat(finding.path("message").asText())
                    .contains("raise middleware.jvm.heapMegabytes");
              });
      JsonNode recovered = steps.path(1).path("repetitions").path(0);
      assertThat(recovered.path("valid").asBoolean()).as(result.stderr()).isTrue();
      assertThat(recovered.at("/accounting/completed").asInt()).isEqualTo(10);

      for (int step = 2; step <= 3; step++) {
        String tier = step == 2 ? "db" : "broker";
        for (JsonNode crashed : steps.path(step).path("repetitions")) {
          int submitted = crashed.at("/accounting/submitted").asInt();
          assertThat(submitted).isEqualTo(10);
          assertThat(crashed.path("verdict").asText())
              .as(result.stderr())
              .containsPattern(
                  "workload.crash: the "
                      + tier
                      + " tier killed at \\d+ of "
                      + submitted
                      + " orders done, back on its data in");
          // workload.crashAtPercent (50) reached the run: the kill came at half the batch or after
          java.util.regex.Matcher at =
              java.util.regex.Pattern.compile("killed at (\\d+) of")
                  .matcher(crashed.path("verdict").asText());
          assertThat(at.find()).isTrue();
          assertThat(Integer.parseInt(at.group(1))).isBetween(submitted / 2, submitted);
          assertThat(crashed.path("findings"))
              .anySatisfy(
                  finding -> {
                    assertThat(finding.path("kind").asText()).isEqualTo("TIER_CRASHED");
                    assertThat(finding.path("subject").asText()).isEqualTo(tier);
                  });
          // nothing lost: each order completed or faulted with a reason, a Siebel update or a
          // hand-off caught by the crash at most completed twice (named DUPLICATED), one per
          // engine thread
          JsonNode accounting = crashed.path("accounting");
          assertThat(accounting.path("lost").asInt()).as(crashed.toString()).isZero();
          assertThat(accounting.path("duplicated").asInt()).isLessThanOrEqualTo(8);
          List<String> ledger =
              Files.readAllLines(
                  runDir.resolve(crashed.path("rawData").asText()).resolve("orders.csv"));
          assertThat(ledger.subList(1, ledger.size()))
              .hasSize(submitted)
              // DUPLICATED: completed twice, or completed and faulted (with that reason)
              .allMatch(
                  row -> row.matches(".*,(COMPLETED,|DUPLICATED,.*|FAULTED,.+)"), "by its id");
        }
      }
      // with durability traded away the crash's loss is shown, not hidden: the orders it took
      // are counted lost by their ids, and the verdict names the knobs that opened the window
      JsonNode traded = steps.path(4).path("repetitions").path(0);
      assertThat(traded.path("valid").asBoolean()).isFalse();
      assertThat(traded.at("/accounting/lost").asInt()).as(traded.toString()).isPositive();
      assertThat(traded.at("/accounting/submitted").asInt()).isEqualTo(10);
      assertThat(traded.path("verdict").asText())
          .contains("workload.crash: the broker tier killed at")
          .contains(
              "the loss window of middleware.messages.persistent=off, workload.persistent=off"
                  + " (each trades durability for speed");
      await()
          .atMost(Duration.ofSeconds(30))
          .untilAsserted(() -> assertThat(TierProcesses.under(runtime.dir())).isEmpty());
    }
  }

  private static List<ProcessHandle> middlewareUnder(Path runtime) {
    return TierProcesses.under(runtime).stream()
        .filter(
            p ->
                p.info()
                    .commandLine()
                    .map(line -> line.contains("middleware.properties"))
                    .orElse(false))
        .toList();
  }
}
