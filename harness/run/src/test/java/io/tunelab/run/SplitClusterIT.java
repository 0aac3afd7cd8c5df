package io.tunelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.results.Operations;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RequestMetrics;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.StepResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The studies' specialised clusters with both flows at once: two middleware instances, the first
 * consuming the order flow's queues (role async) and the second answering billing-care (role sync),
 * while billing-care users query through a held batch's drain ({@code workload.besideUsers}). Every
 * order is accounted for, the users' queries inside the drain are the repetition's beside
 * operations, and the read-back shows each instance's role.
 */
class SplitClusterIT {
  private static final Path RESULTS = Path.of("target/split-cluster-it");
  private static final String EXPERIMENT =
      """
      name: split-cluster-it
      plan: batch-order
      repeat: 1
      workload:
        orders: 60
        warmupOrders: 0
        threads: 2
        minMeasuredSeconds: 0
        maxStealPercent: 100
        besideUsers: 2
      knobs:
        db.seed.customers: 50
        mocks.brm.latency: 50
        middleware.instances: 2
        middleware.role: async,sync
        middleware.consumers.intake: 2
      steps:
        - name: split
      """;

  private static RunResult run;
  private static Path runDir;

  @BeforeAll
  static void runTheExperiment() throws Exception {
    EmbeddedRun done = EmbeddedRun.of("split-cluster-it", EXPERIMENT, Sampler.NONE, RESULTS);
    run = done.result();
    runDir = done.dir();
  }

  @Test
  void everyOrderIsAccountedForAndTheUsersWereAnsweredThroughTheDrain() {
    Repetition rep = step().repetitions().get(0);
    assertThat(rep.valid()).as(rep.verdict()).isTrue();
    assertThat(rep.measures().accounting().completed()).isEqualTo(60);
    assertThat(rep.verdict()).contains("beside: 2 billing-care users");
    RequestMetrics beside = rep.measures().beside();
    assertThat(beside).isNotNull();
    assertThat(beside.requests()).isPositive();
    assertThat(beside.errors()).as("%s", beside.failures()).isZero();
    assertThat(Operations.of(rep))
        .containsKeys(Operations.ORDER, Operations.BESIDE + "GetBalanceSummary");
  }

  @Test
  void theReadBackShowsEachInstancesRoleAndOneInstancesConsumers() {
    Map<String, Object> read = step().readBack();
    assertThat(read.get("middleware.instanceRoles")).isEqualTo(List.of("ASYNC", "SYNC"));
    assertThat(read.get("broker.consumers"))
        .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
        .containsEntry("tunelab.intake", 2);
    assertThat(read).containsKey("middleware.billing");
  }

  @Test
  void runJsonKeepsTheBesideRequestsAndTheirJtlHoldsEveryQuery() throws Exception {
    JsonNode rep =
        new ObjectMapper()
            .readTree(runDir.resolve("run.json").toFile())
            .path("steps")
            .get(0)
            .path("repetitions")
            .get(0);
    assertThat(rep.path("beside").path("requests").asLong())
        .isEqualTo(step().repetitions().get(0).measures().beside().requests());
    Path jtl =
        runDir
            .resolve(step().repetitions().get(0).rawData())
            .resolve("load")
            .resolve("beside")
            .resolve("results.jtl");
    assertThat(java.nio.file.Files.readAllLines(jtl).size() - 1)
        .as("every query, those outside the drain too")
        .isGreaterThanOrEqualTo((int) step().repetitions().get(0).measures().beside().requests());
  }

  private static StepResult step() {
    return run.steps().get(0);
  }
}
