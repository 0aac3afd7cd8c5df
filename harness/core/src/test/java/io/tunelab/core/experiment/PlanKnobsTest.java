package io.tunelab.core.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import io.tunelab.core.knobs.MocksKnobs;
import io.tunelab.core.knobs.WorkloadKnobs;
import io.tunelab.core.stack.Backend;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Concurrent-soap experiments, and the workload knobs that mean nothing to a plan. */
class PlanKnobsTest {
  private static final String FILE = "experiments/x.yaml";
  private final ExperimentReader reader = new ExperimentReader();

  private Experiment parse(String yaml, Map<String, String> overrides) {
    return reader.parse(FILE, "x", yaml, overrides, OptionalInt.empty());
  }

  private void assertBad(String yaml, String... fragments) {
    assertThatThrownBy(() -> parse(yaml, Map.of()))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith(FILE + ": ")
        .hasMessageContainingAll(fragments);
  }

  @Test
  void aPlanHasADeadlineWhenItReadsTheDeadlineKnob() {
    assertThat(java.util.Arrays.stream(Plan.values()).filter(Plan::hasDeadline))
        .containsExactly(Plan.SORT_REQUESTS);
    assertThat(Plan.SORT_REQUESTS.ownKnobs()).contains(WorkloadKnobs.DEADLINE);
  }

  @Test
  void readsAConcurrentSoapSweepWithItsWorkloadKnobs() {
    Experiment experiment =
        parse(
            """
            plan: concurrent-soap
            workload: {threads: 20, loops: 10, warmupLoops: 2, model: closed}
            sweep: {knob: mocks.brm.latency, values: [500, 400, 250]}
            """,
            Map.of());

    assertThat(experiment.plan()).isEqualTo(Plan.CONCURRENT_SOAP);
    assertThat(experiment.plan().throughputUnit()).isEqualTo("requests/min");
    assertThat(experiment.steps()).hasSize(3);
    Step last = experiment.steps().get(2);
    assertThat(last.knobs().get(WorkloadKnobs.THREADS)).isEqualTo(20);
    assertThat(last.knobs().get(WorkloadKnobs.LOOPS)).isEqualTo(10);
    assertThat(last.knobs().get(WorkloadKnobs.WARMUP_LOOPS)).isEqualTo(2);
    assertThat(last.knobs().get(WorkloadKnobs.MODEL)).isEqualTo(WorkloadKnobs.Model.CLOSED);
    assertThat(last.knobs().get(MocksKnobs.of(Backend.BRM).latency()).text()).isEqualTo("250");
  }

  @Test
  void bothPlansReadTheWarmupsSteadyStateRule() {
    for (String plan : new String[] {"concurrent-soap", "batch-order"}) {
      Step step =
          parse(
                  "plan: "
                      + plan
                      + "\nworkload: {steadyBatches: 4, steadyTolerancePercent: 5,"
                      + " warmupMaxSeconds: 60, maxStealPercent: 8}\nsteps: [{name: a}]\n",
                  Map.of())
              .steps()
              .get(0);

      assertThat(step.knobs().get(WorkloadKnobs.STEADY_BATCHES)).as(plan).isEqualTo(4);
      assertThat(step.knobs().get(WorkloadKnobs.STEADY_TOLERANCE)).as(plan).isEqualTo(5.0);
      assertThat(step.knobs().get(WorkloadKnobs.WARMUP_MAX_SECONDS)).as(plan).isEqualTo(60);
      assertThat(step.knobs().get(WorkloadKnobs.MAX_STEAL_PERCENT)).as(plan).isEqualTo(8.0);
    }
  }

  @Test
  void soapWorkloadDefaultsAreTheClosedModelWithAShortWarmup() {
    Experiment experiment = parse("plan: concurrent-soap\nsteps: [{name: a}]\n", Map.of());

    Step step = experiment.steps().get(0);
    assertThat(step.knobs().get(WorkloadKnobs.MODEL)).isEqualTo(WorkloadKnobs.Model.CLOSED);
    assertThat(step.knobs().get(WorkloadKnobs.LOOPS)).isEqualTo(50);
    assertThat(step.knobs().get(WorkloadKnobs.WARMUP_LOOPS)).isEqualTo(5);
    assertThat(step.knobs().get(WorkloadKnobs.RESPONSE_TIMEOUT)).isEqualTo(30_000);
  }

  @Test
  void rejectsAnOrderKnobInTheWorkloadOfASoapExperiment() {
    assertBad(
        """
        plan: concurrent-soap
        workload: {threads: 20, orders: 500}
        steps: [{name: a}]
        """,
        "workload.orders: workload.orders means nothing to plan concurrent-soap",
        "workload.loops");
  }

  @Test
  void loadEnginesAreAWorkloadKnobOfEveryPlanWithinTheirRange() {
    assertThat(
            parse(
                    """
                    plan: messaging
                    workload: {engines: 2}
                    steps: [{name: a}]
                    """,
                    Map.of())
                .steps()
                .get(0)
                .knobs()
                .get(WorkloadKnobs.ENGINES))
        .isEqualTo(2);
    assertBad(
        """
        plan: batch-order
        workload: {engines: 9}
        steps: [{name: a}]
        """,
        "workload.engines");
  }

  @Test
  void rejectsASoapKnobInALadderStepOfABatchOrderExperiment() {
    assertBad(
        """
        plan: batch-order
        steps:
          - name: a
          - name: b
            knobs: {workload.loops: 5}
        """,
        "steps[1].knobs.workload.loops: workload.loops means nothing to plan batch-order",
        "workload.orders");
  }

  @Test
  void rejectsAnotherPlansKnobInKnobsAndMatrix() {
    assertBad(
        """
        plan: concurrent-soap
        knobs: {workload.mix: "1:1:1"}
        steps: [{name: a}]
        """,
        "knobs.workload.mix: workload.mix means nothing to plan concurrent-soap");
    assertBad(
        """
        plan: batch-order
        matrix: {workload.model: [closed, open]}
        """,
        "matrix.workload.model: workload.model means nothing to plan batch-order");
    assertBad(
        """
        plan: batch-order
        knobs: {mocks.driver.faultKind: reset}
        steps: [{name: a}]
        """,
        "knobs.mocks.driver.faultKind: mocks.driver.faultKind means nothing to plan batch-order");
  }

  @Test
  void rejectsAnotherPlansKnobOnTheCommandLine() {
    assertThatThrownBy(
            () ->
                parse(
                    "plan: concurrent-soap\nsteps: [{name: a}]\n",
                    Map.of("workload.warmupOrders", "10")))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith(
            "--set: workload.warmupOrders: workload.warmupOrders means nothing");
  }

  @Test
  void sharedWorkloadAndTierKnobsApplyToBothPlans() {
    for (Plan plan : Plan.values()) {
      assertThat(PlanKnobs.uses(plan, "workload.threads")).isTrue();
      assertThat(PlanKnobs.uses(plan, "workload.maxErrorPercent")).isTrue();
      assertThat(PlanKnobs.uses(plan, "workload.warmupBefore")).isTrue();
      assertThat(PlanKnobs.uses(plan, "workload.arrivalsPerMinute")).isTrue();
      assertThat(PlanKnobs.uses(plan, "mocks.brm.latency")).isTrue();
      assertThat(PlanKnobs.uses(plan, "middleware.billing.tracking")).isTrue();
    }
    assertThat(PlanKnobs.uses(Plan.BATCH_ORDER, "workload.loops")).isFalse();
    assertThat(PlanKnobs.uses(Plan.CONCURRENT_SOAP, "workload.mode")).isFalse();
    assertThat(PlanKnobs.uses(Plan.CONCURRENT_SOAP, "workload.drainTimeoutSeconds")).isFalse();
  }

  @Test
  void rejectsOutOfRangeSoapKnobs() {
    assertBad(
        """
        plan: concurrent-soap
        workload: {model: poisson}
        steps: [{name: a}]
        """,
        "workload.model",
        "closed, open");
    assertBad(
        """
        plan: concurrent-soap
        workload: {loops: 0}
        steps: [{name: a}]
        """,
        "workload.loops",
        "1..100000000");
  }
}
