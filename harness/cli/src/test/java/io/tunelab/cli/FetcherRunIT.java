package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Orders fed to the fetcher intake by the load tier (the batch-order plan's inbox sink) through a
 * whole run: with one starved fetcher and with three, every order is accounted for and none is
 * processed twice, the repetition's series carry the fetchers' polls and the inbox depth, and the
 * starved fetcher's full polls in front of a waiting inbox make the FETCHER_LIMIT finding.
 */
class FetcherRunIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void oneAndThreeFetchersTakeEveryOrderOnceAndTheStarvedOneIsNamed() throws Exception {
    try (TestRuntime runtime = new TestRuntime()) {
      Path out = runtime.dir().resolve("results");
      Path experiment = runtime.dir().resolve("fetchers.yaml");
      Files.writeString(
          experiment,
          """
          plan: batch-order
          repeat: 1
          workload:
            orders: 30
            threads: 2
            mix: "1:0:0"
            warmupOrders: 10
            warmupMaxOrders: 10
            minMeasuredSeconds: 0
            maxStealPercent: 100
          knobs:
            db.seed.customers: 100
            middleware.intake: fetcher
          steps:
            - name: starved
              knobs:
                middleware.fetcher.poolSize: 2
                middleware.fetcher.pollingMillis: 400
            - name: three
              knobs:
                middleware.fetchers: 3
                middleware.fetcher.poolSize: 10
                middleware.fetcher.pollingMillis: 200
          """);

      CliProcess.Result result =
          new CliProcess(runtime.dir())
              .run(Duration.ofMinutes(5), "run", experiment.toString(), "--out", out.toString());

      assertThat(result.exitCode()).as(result.stderr()).isZero();
      Path runDir = TestRuntime.onlyRun(out);
      io.tunelab.tiers.RunJsonSchema.assertValid(runDir.resolve("run.json"));
      JsonNode steps = JSON.readTree(Files.readString(runDir.resolve("run.json"))).path("steps");
      for (JsonNode step : steps) {
        JsonNode rep = step.path("repetitions").path(0);
        JsonNode accounting = rep.path("accounting");
        assertThat(rep.path("valid").asBoolean()).as(rep.path("verdict").asText()).isTrue();
        assertThat(accounting.path("submitted").asInt()).isEqualTo(30);
        assertThat(accounting.path("completed").asInt()).isEqualTo(30);
        assertThat(accounting.path("lost").asInt()).isZero();
        assertThat(accounting.path("duplicated").asInt()).as("processed twice").isZero();
        assertThat(rep.path("window").path("mode").asText()).isEqualTo("backlog");
      }
      String starvedSeries = Files.readString(runDir.resolve("starved/rep-1/series.csv"));
      assertThat(starvedSeries)
          .contains(",middleware.fetcher.polls,middleware,")
          .contains(",middleware.fetcher.poolSize,middleware,2")
          .contains(",db.inbox,NEW,");
      assertThat(Files.readString(runDir.resolve("three/rep-1/series.csv")))
          .contains(",middleware.fetcher.fetchers,middleware,3");
      assertThat(Files.readString(runDir.resolve("starved/rep-1/findings.json")))
          .contains("FETCHER_LIMIT")
          .contains("their polls came back full (2 orders each)");
    }
  }
}
