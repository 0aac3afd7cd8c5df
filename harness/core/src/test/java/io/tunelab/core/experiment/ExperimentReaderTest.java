package io.tunelab.core.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import io.tunelab.core.knobs.DataKnobs;
import io.tunelab.core.knobs.MiddlewareKnobs;
import io.tunelab.core.knobs.WorkloadKnobs;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ExperimentReaderTest {
  private static final String FILE = "experiments/x.yaml";
  private final ExperimentReader reader = new ExperimentReader();

  private Experiment parse(String yaml) {
    return parse(yaml, Map.of(), OptionalInt.empty());
  }

  private Experiment parse(String yaml, Map<String, String> overrides, OptionalInt repeat) {
    return reader.parse(FILE, "x", yaml, overrides, repeat);
  }

  private void assertBad(String yaml, String... fragments) {
    assertThatThrownBy(() -> parse(yaml))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith(FILE + ": ")
        .hasMessageContainingAll(fragments);
  }

  @Test
  void ladderStepsAreCumulative() {
    Experiment experiment =
        parse(
            """
            plan: batch-order
            workload: {orders: 40}
            knobs: {db.seed.customers: 200}
            steps:
              - name: untuned
              - name: audit-production
                knobs: {middleware.audit.level: production}
              - name: more-consumers
                knobs: {middleware.consumers.createSubscriptions: 4}
            """);

    assertThat(experiment.kind()).isEqualTo(Experiment.Kind.LADDER);
    assertThat(experiment.repeat()).isEqualTo(ExperimentReader.DEFAULT_REPEAT);
    assertThat(experiment.baseline()).isEqualTo("untuned");
    Step last = experiment.steps().get(2);
    assertThat(last.changes())
        .containsExactly(Map.entry("middleware.consumers.createSubscriptions", "4"));
    assertThat(last.knobs().get(MiddlewareKnobs.AUDIT_LEVEL))
        .isEqualTo(MiddlewareKnobs.AuditLevel.PRODUCTION);
    assertThat(last.knobs().get(WorkloadKnobs.ORDERS)).isEqualTo(40);
    assertThat(last.knobs().get(DataKnobs.SEED_CUSTOMERS)).isEqualTo(200);
    assertThat(experiment.steps().get(0).knobs().get(MiddlewareKnobs.AUDIT_LEVEL))
        .isEqualTo(MiddlewareKnobs.AuditLevel.DEVELOPMENT);
  }

  @Test
  void matrixExpandsToTheCrossProductFirstKnobSlowest() {
    Experiment experiment =
        parse(
            """
            plan: batch-order
            matrix:
              middleware.delivery.policy: [sync, async.persist, async.cache]
              middleware.instance.persistence: [always, "off"]
            """);

    assertThat(experiment.steps())
        .extracting(Step::name)
        .containsExactly(
            "delivery.policy=sync,instance.persistence=always",
            "delivery.policy=sync,instance.persistence=off",
            "delivery.policy=async.persist,instance.persistence=always",
            "delivery.policy=async.persist,instance.persistence=off",
            "delivery.policy=async.cache,instance.persistence=always",
            "delivery.policy=async.cache,instance.persistence=off");
    Step step = experiment.steps().get(3);
    assertThat(step.knobs().get(MiddlewareKnobs.DELIVERY_POLICY))
        .isEqualTo(MiddlewareKnobs.DeliveryPolicy.ASYNC_PERSIST);
    assertThat(step.knobs().get(MiddlewareKnobs.INSTANCE_PERSISTENCE))
        .isEqualTo(MiddlewareKnobs.InstancePersistence.OFF);
  }

  @Test
  void sweepRangeIncludesBothEnds() {
    Experiment experiment =
        parse(
            """
            plan: batch-order
            sweep: {knob: middleware.consumers.createSubscriptions, from: 1, to: 7, step: 2}
            """);

    assertThat(experiment.steps())
        .extracting(s -> s.knobs().get(MiddlewareKnobs.CONSUMERS_CREATE_SUBSCRIPTIONS))
        .containsExactly(1, 3, 5, 7);
  }

  @Test
  void commandLineOverridesTheExperimentWhichOverridesDefaults() {
    Experiment experiment =
        parse(
            """
            plan: batch-order
            repeat: 5
            workload: {orders: 40, threads: 3}
            steps: [{name: a}]
            """,
            Map.of("workload.orders", "7"),
            OptionalInt.of(2));

    Step step = experiment.steps().get(0);
    assertThat(step.knobs().get(WorkloadKnobs.ORDERS)).isEqualTo(7);
    assertThat(step.knobs().get(WorkloadKnobs.THREADS)).isEqualTo(3);
    assertThat(step.knobs().get(WorkloadKnobs.SEED)).isEqualTo(42);
    assertThat(experiment.repeat()).isEqualTo(2);
  }

  @Test
  void rejectsUnknownKnob() {
    assertBad(
        """
        plan: batch-order
        steps: [{name: a, knobs: {middleware.consumers.orchestraton: 4}}]
        """,
        "steps[0].knobs.middleware.consumers.orchestraton",
        "unknown knob",
        "did you mean middleware.consumers.orchestration");
  }

  @Test
  void rejectsBadKnobValue() {
    assertBad(
        """
        plan: batch-order
        steps: [{name: a, knobs: {middleware.consumers.orchestration: 0}}]
        """,
        "steps[0].knobs.middleware.consumers.orchestration",
        "an integer 1..256",
        "was '0'");
  }

  @Test
  void rejectsUnknownPlan() {
    assertBad(
        """
        plan: batch-orders
        steps: [{name: a}]
        """,
        "plan: unknown plan 'batch-orders'",
        "allowed: batch-order");
  }

  @Test
  void rejectsUnknownEnumValueOfAKnob() {
    assertBad(
        """
        plan: batch-order
        steps: [{name: a, knobs: {middleware.delivery.policy: async}}]
        """,
        "one of sync, async.persist, async.cache");
  }

  @Test
  void aBareOffThatYamlReadsAsFalseIsRefusedWithTheQuotingFix() {
    assertBad(
        """
        plan: batch-order
        steps: [{name: a, knobs: {middleware.instance.persistence: off}}]
        """,
        "one of always, faulted, off, was 'false'",
        "quote it, e.g. \"off\"");
  }

  @Test
  void rejectsUnknownField() {
    assertBad(
        """
        plan: batch-order
        repeats: 3
        steps: [{name: a}]
        """,
        "repeats: unknown field",
        "allowed here: name, description, plan, repeat");
  }

  @Test
  void rejectsUnknownWorkloadField() {
    assertBad(
        """
        plan: batch-order
        workload: {order: 3}
        steps: [{name: a}]
        """,
        "workload.order: unknown field",
        "orders");
  }

  @Test
  void rejectsWrongType() {
    assertBad(
        """
        plan: batch-order
        repeat: three
        steps: [{name: a}]
        """,
        "repeat: must be an integer 1..1000, was the text 'three'");
  }

  @Test
  void rejectsMissingFile() {
    assertThatThrownBy(
            () -> reader.read(Path.of("experiments/nope.yaml"), Map.of(), OptionalInt.empty()))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("no experiment file experiments/nope.yaml");
  }

  @Test
  void aMatrixCellWhoseKnobsCannotWorkTogetherIsRefusedNamingTheCell() {
    assertBad(
        """
        plan: batch-order
        matrix:
          middleware.transactions: [local, xa]
          middleware.delivery.policy: [sync, async.persist]
        """,
        "matrix cell transactions=xa,delivery.policy=sync, matrix cell"
            + " transactions=xa,delivery.policy=async.persist: middleware.transactions=xa needs",
        "--set db.server.max_prepared_transactions=100");
  }

  @Test
  void aLadderStepWhoseKnobsCannotWorkTogetherIsRefusedNamingTheStep() {
    assertBad(
        """
        plan: batch-order
        steps:
          - name: small-heap
            knobs: {middleware.jvm.heapMegabytes: 256}
          - name: big-young
            knobs: {middleware.jvm.youngMegabytes: 300}
        """,
        "steps[1] (big-young): middleware.jvm.youngMegabytes (300) must be less than");
  }

  @Test
  void aRuleEveryStepBreaksIsNamedOnceAndSeveralRulesTogether() {
    assertBad(
        """
        plan: batch-order
        workload: {mix: "0:0:0"}
        knobs: {middleware.transactions: xa}
        steps:
          - name: a
          - name: b
        """,
        "knobs that cannot work together:\n  every step: middleware.transactions=xa",
        "\n  every step: workload.mix is 0:0:0");
  }

  @Test
  void theFetcherIntakeIsRefusedForAPlanThatFillsNoInbox() {
    assertBad(
        """
        plan: concurrent-soap
        steps:
          - name: jms
          - name: fetcher
            knobs: {middleware.intake: fetcher}
        """,
        "steps[1] (fetcher): middleware.intake=fetcher polls order_inbox, which only plan"
            + " batch-order fills; plan concurrent-soap sends no order there");
  }

  @Test
  void aRoleThatLeavesOutThePlansFlowIsRefusedNamingTheRoleThatServesIt() {
    assertBad(
        """
        plan: concurrent-soap
        steps:
          - name: sync
            knobs: {middleware.role: sync}
          - name: async
            knobs: {middleware.role: async}
        """,
        "steps[1] (async): middleware.role=async opens no SOAP service, and plan concurrent-soap"
            + " sends it requests: set middleware.role=all or sync");
    assertBad(
        """
        plan: batch-order
        knobs: {middleware.role: sync}
        steps:
          - name: a
        """,
        "middleware.role=sync consumes no queue, and plan batch-order sends its work there: set"
            + " middleware.role=all or async");
    assertBad(
        """
        plan: sort-requests
        knobs: {middleware.instances: 2, middleware.role: "async,async"}
        steps:
          - name: a
        """,
        "middleware.role=async,async: no instance opens a SOAP service, and plan sort-requests"
            + " sends them requests: make one of them all or sync");
  }

  @Test
  void usersBesideADrainNeedAHeldBatchAndAnInstanceThatAnswers() {
    assertBad(
        """
        plan: batch-order
        workload: {besideUsers: 2, mode: stream}
        steps:
          - name: a
        """,
        "workload.besideUsers=2 queries while a held batch drains, and workload.mode=stream holds"
            + " none: set workload.mode=backlog or workload.besideUsers=0");
    assertBad(
        """
        plan: batch-order
        workload: {besideUsers: 2}
        knobs: {middleware.instances: 2, middleware.role: "async,async"}
        steps:
          - name: a
        """,
        "workload.besideUsers=2 sends billing-care requests, and middleware.role=async,async opens"
            + " no SOAP service: give an instance the role all or sync");
    assertBad(
        """
        plan: concurrent-soap
        workload: {besideUsers: 2}
        steps:
          - name: a
        """,
        "workload.besideUsers");
    Experiment split =
        parse(
            """
            plan: batch-order
            workload: {besideUsers: 2}
            knobs: {middleware.instances: 2, middleware.role: "async,sync"}
            steps:
              - name: a
            """);
    assertThat(split.steps().get(0).knobs().get(WorkloadKnobs.BESIDE_USERS)).isEqualTo(2);
  }

  @Test
  void aSplitClusterServesAPlanWhenOneOfItsInstancesDoes() {
    for (String plan : List.of("batch-order", "concurrent-soap")) {
      Experiment split =
          parse(
              "plan: "
                  + plan
                  + "\nknobs: {middleware.instances: 2, middleware.role: \"async,sync\"}\n"
                  + "steps:\n  - name: a\n");
      assertThat(split.steps().get(0).knobs().get(MiddlewareKnobs.ROLE))
          .containsExactly(MiddlewareKnobs.Role.ASYNC, MiddlewareKnobs.Role.SYNC);
    }
  }

  @Test
  void theFetcherIntakeIsAcceptedForTheBatchOrderPlan() {
    assertThat(
            parse(
                    """
                    plan: batch-order
                    knobs: {middleware.intake: fetcher, middleware.fetchers: 3}
                    steps: [{name: a}]
                    """)
                .steps()
                .get(0)
                .knobs()
                .get(io.tunelab.core.knobs.MiddlewareKnobs.INTAKE))
        .isEqualTo(io.tunelab.core.knobs.MiddlewareKnobs.Intake.FETCHER);
  }

  @Test
  void aCommandLineOverrideThatBreaksARuleIsRefusedToo() {
    assertThatThrownBy(
            () ->
                parse(
                    """
                    plan: batch-order
                    steps: [{name: a}]
                    """,
                    Map.of("middleware.transactions", "xa"),
                    OptionalInt.empty()))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith(FILE + ": every step: middleware.transactions=xa needs");
  }

  @Test
  void rejectsEmptyMatrix() {
    assertBad(
        """
        plan: batch-order
        matrix: {}
        """,
        "matrix: must map at least one knob to a list of values");
  }

  @Test
  void rejectsEmptyValueListInAMatrix() {
    assertBad(
        """
        plan: batch-order
        matrix: {middleware.delivery.policy: []}
        """,
        "matrix.middleware.delivery.policy: must be a non-empty list");
  }

  @Test
  void rejectsBaselineNamingNoStep() {
    assertBad(
        """
        plan: batch-order
        baseline: untuned
        steps: [{name: a}, {name: b}]
        """,
        "baseline: names no step: 'untuned'; the steps are a, b");
  }

  @Test
  void rejectsTwoKindsOfSteps() {
    assertBad(
        """
        plan: batch-order
        steps: [{name: a}]
        sweep: {knob: middleware.engine.threads, values: [1, 2]}
        """,
        "both steps and sweep");
  }

  @Test
  void rejectsDuplicateStepNames() {
    assertBad(
        """
        plan: batch-order
        steps: [{name: a}, {name: a}]
        """,
        "steps[1].name",
        "used twice");
  }

  @Test
  void rejectsUnknownKnobOnTheCommandLine() {
    assertThatThrownBy(
            () ->
                parse(
                    "plan: batch-order\nsteps: [{name: a}]\n",
                    Map.of("broker.persistance", "off"),
                    OptionalInt.empty()))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("--set: broker.persistance: unknown knob");
  }

  @Test
  void readsAnAdaptiveRepeatFreshJvmsAndInterleavedOrder() {
    Experiment experiment =
        parse(
            """
            plan: batch-order
            repeat: {min: 3, max: 10, mdePercent: 2.5, maxMinutes: 20}
            jvm: fresh
            order: interleaved
            steps: [{name: a}, {name: b}]
            """);

    Repetitions repetitions = experiment.repetitions();
    assertThat(repetitions.min()).isEqualTo(3);
    assertThat(repetitions.max()).isEqualTo(10);
    assertThat(repetitions.mdePercent()).isEqualTo(2.5);
    assertThat(repetitions.maxMinutes()).isEqualTo(20);
    assertThat(repetitions.adaptive()).isTrue();
    assertThat(repetitions.jvm()).isEqualTo(Repetitions.Jvm.FRESH);
    assertThat(repetitions.order()).isEqualTo(Repetitions.Order.INTERLEAVED);
    assertThat(experiment.repeat()).isEqualTo(3);
  }

  @Test
  void aPlainRepeatIsAFixedCountInRoundsInSharedJvms() {
    Repetitions repetitions =
        parse("plan: batch-order\nrepeat: 4\nsteps: [{name: a}]\n").repetitions();

    assertThat(repetitions).isEqualTo(Repetitions.fixed(4, Repetitions.Order.INTERLEAVED));
    assertThat(repetitions.adaptive()).isFalse();
  }

  @Test
  void theCommandLineOverridesTheProtocol() {
    Experiment experiment =
        reader.parse(
            FILE,
            "x",
            "plan: batch-order\nrepeat: {min: 2, max: 9, mdePercent: 3}\nsteps: [{name: a}]\n",
            Map.of(),
            new ProtocolOverrides(
                OptionalInt.of(5),
                java.util.Optional.of(Repetitions.Jvm.FRESH),
                java.util.Optional.of(Repetitions.Order.INTERLEAVED)));

    assertThat(experiment.repetitions())
        .isEqualTo(
            new Repetitions(5, 5, 0, 0, Repetitions.Jvm.FRESH, Repetitions.Order.INTERLEAVED));
  }

  @Test
  void mdeOnTheCommandLineMakesAFixedCountAdaptiveWithATimeCap() {
    Experiment experiment =
        reader.parse(
            FILE,
            "x",
            "plan: batch-order\nrepeat: 3\nsteps: [{name: a}, {name: b}]\n",
            Map.of(),
            new ProtocolOverrides(
                OptionalInt.empty(),
                java.util.Optional.empty(),
                java.util.Optional.empty(),
                java.util.OptionalDouble.of(5),
                OptionalInt.of(10)));

    Repetitions r = experiment.repetitions();
    assertThat(r.adaptive()).isTrue();
    assertThat(r.min()).isEqualTo(3);
    assertThat(r.mdePercent()).isEqualTo(5);
    assertThat(r.maxMinutes()).isEqualTo(10);
    assertThat(r.order()).isEqualTo(Repetitions.Order.INTERLEAVED);
  }

  @Test
  void aConfigurationMeasuredAloneTakesTheFewestRepetitionsWithoutAPrecisionTarget() {
    String text =
        "plan: batch-order\nrepeat: {min: 3, max: 20, mdePercent: 5, maxMinutes: 50}\n"
            + "steps: [{name: a}]\n";
    ProtocolOverrides mde =
        new ProtocolOverrides(
            OptionalInt.empty(),
            java.util.Optional.empty(),
            java.util.Optional.empty(),
            java.util.OptionalDouble.of(5),
            OptionalInt.of(6));
    Experiment adaptive = reader.parse(FILE, "x", text, Map.of(), mde);

    Repetitions alone =
        reader.parse(FILE, "x", text, Map.of(), mde.alone(adaptive.repetitions())).repetitions();
    assertThat(alone.adaptive()).isFalse();
    assertThat(alone.min()).isEqualTo(3);
    assertThat(alone.max()).isEqualTo(3);
    // a count the command line fixed stays
    assertThat(ProtocolOverrides.repeat(OptionalInt.of(5)).alone(adaptive.repetitions()).repeat())
        .hasValue(5);
  }

  @Test
  void rejectsABadPrecisionOnTheCommandLine() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                reader.parse(
                    FILE,
                    "x",
                    "plan: batch-order\nsteps: [{name: a}]\n",
                    Map.of(),
                    new ProtocolOverrides(
                        OptionalInt.empty(),
                        java.util.Optional.empty(),
                        java.util.Optional.empty(),
                        java.util.OptionalDouble.of(0),
                        OptionalInt.empty())))
        .hasMessageContaining("--mde must be a percentage in (0, 100]");
  }

  @Test
  void rejectsABadProtocol() {
    assertBad(
        "plan: batch-order\nrepeat: {min: 3, max: 10}\nsteps: [{name: a}]\n",
        "repeat: an adaptive repeat needs min, max and mdePercent",
        "mdePercent is missing");
    assertBad(
        "plan: batch-order\nrepeat: {min: 5, max: 3, mdePercent: 3}\nsteps: [{name: a}]\n",
        "repeat.max: must be an integer 5..1000, was 3");
    assertBad(
        "plan: batch-order\nrepeat: {min: 3, max: 5, mdePercent: 0}\nsteps: [{name: a}]\n",
        "repeat.mdePercent: must be a number in (0, 100]");
    assertBad(
        "plan: batch-order\nrepeat: {min: 3, max: 5, halfWidthPercent: 3}\nsteps: [{name: a}]\n",
        "repeat.halfWidthPercent: is replaced by mdePercent");
    assertBad(
        "plan: batch-order\nrepeat: {min: 3, max: 5, mdePercent: 3, maxMinutes: 0}\nsteps:"
            + " [{name: a}]\n",
        "repeat.maxMinutes: must be an integer 1..10080, was 0");
    assertBad(
        "plan: batch-order\nrepeat: {min: 3, max: 5, mdePercent: 3, tol: 1}\nsteps: [{name:"
            + " a}]\n",
        "repeat.tol: unknown field");
    assertBad(
        "plan: batch-order\njvm: forked\nsteps: [{name: a}]\n",
        "jvm: must be one of [shared, fresh], was 'forked'");
    assertBad(
        "plan: batch-order\norder: random\nsteps: [{name: a}]\n",
        "order: must be one of [sequential, interleaved], was 'random'");
  }
}
