package io.tunelab.run.plans.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.ExperimentReader;
import io.tunelab.core.experiment.Plan;
import io.tunelab.core.findings.Candidate;
import io.tunelab.core.findings.Finding;
import io.tunelab.core.findings.Findings;
import io.tunelab.core.findings.Point;
import io.tunelab.core.findings.QueueSeries;
import io.tunelab.core.findings.RunData;
import io.tunelab.core.knobs.Knob;
import io.tunelab.core.knobs.KnobRegistry;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.KnobTier;
import io.tunelab.tiers.middleware.MiddlewareConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The messaging plan's own knobs, declared in its room: the registry finds them by name, the plan
 * owns them, the experiment reader and the rules judge them, the middleware's settings carry them
 * and the backlog finding proposes them.
 */
class MessagingKnobsTest {
  private static final String FILE = "experiments/x.yaml";
  private final ExperimentReader reader = new ExperimentReader();
  private final KnobSet defaults = KnobSet.defaults();

  private Experiment parse(String yaml) {
    return reader.parse(FILE, "x", yaml, Map.of(), OptionalInt.empty());
  }

  private void assertBad(String yaml, String... fragments) {
    assertThatThrownBy(() -> parse(yaml))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith(FILE + ": ")
        .hasMessageContainingAll(fragments);
  }

  @Test
  void theRegistryHoldsTheRoomsKnobsWithTheirTiersAndRules() {
    KnobRegistry registry = KnobRegistry.standard();
    List<Knob<?>> own = new MessagingKnobs().knobs();

    assertThat(own).hasSize(10);
    assertThat(registry.all()).containsAll(own);
    assertThat(registry.find("middleware.messaging.queues")).contains(MessagingKnobs.QUEUES);
    assertThat(MessagingKnobs.QUEUES.tier()).isEqualTo(KnobTier.MIDDLEWARE);
    assertThat(MessagingKnobs.MESSAGES.tier()).isEqualTo(KnobTier.LOAD);
    assertThat(registry.rules()).containsAll(new MessagingKnobs().rules());
    assertThat(Plan.MESSAGING.ownKnobs()).containsAll(own);
    assertThat(Plan.BATCH_ORDER.ownKnobs()).doesNotContainAnyElementsOf(own);
    assertThat(new MessagingKnobs().plan()).isEqualTo(Plan.MESSAGING.yamlName());
  }

  @Test
  void theReferencePageListsThemWithTheirTier() {
    List<Knob<?>> all = KnobRegistry.standard().all();
    List<KnobTier> tiers = new ArrayList<>(all.stream().map(Knob::tier).toList());
    assertThat(tiers).isSorted();
  }

  @Test
  void theMiddlewareSettingsCarryTheServersKnobs() {
    KnobSet set =
        defaults
            .with("middleware.messaging.queues", "3")
            .with("middleware.messaging.dequeueThreads", "4")
            .with("middleware.messaging.navigation", "first")
            .with("middleware.messaging.exclusive", "true");

    assertThat(MiddlewareConfig.from(set).settings())
        .containsEntry("messaging.queues", "3")
        .containsEntry("messaging.dequeueThreads", "4")
        .containsEntry("messaging.navigation", "first")
        .containsEntry("messaging.exclusive", "on");
  }

  @Test
  void aGrowingMessagingQueueProposesMoreDequeueThreadsThenQueues() {
    List<Point> depth = new ArrayList<>();
    for (int s = 0; s < 30; s++) {
      depth.add(new Point(s * 1000L, 20.0 * s));
    }
    RunData data =
        RunData.empty(30_000)
            .withAll(
                QueueSeries.class,
                List.of(new QueueSeries(MessagingQueues.PREFIX + 1, "messaging", 1, depth)));

    List<Finding> findings = Findings.of(data);

    assertThat(findings)
        .singleElement()
        .extracting(Finding::candidates)
        .asList()
        .containsExactly(
            Candidate.raise(MessagingKnobs.DEQUEUE_THREADS),
            Candidate.raise(MessagingKnobs.QUEUES));
  }

  @Test
  void aMessageModeAndItsReplyQueueMustAgree() {
    KnobSet twoWay =
        defaults.with("workload.messageMode", "two-way").with("workload.mode", "stream");
    assertThat(twoWay.violations())
        .singleElement()
        .asString()
        .contains("workload.replyQueue=none gives it no queue to come back on")
        .contains("set workload.replyQueue=temporary or shared");
    assertThat(twoWay.with("workload.replyQueue", "shared").violations()).isEmpty();
    assertThat(twoWay.with("workload.replyQueue", "shared").with("workload.mode", "backlog"))
        .extracting(KnobSet::violations)
        .asList()
        .singleElement()
        .asString()
        .contains("workload.mode=backlog holds every message until the clients are done");
    assertThat(defaults.with("workload.replyQueue", "temporary").violations())
        .singleElement()
        .asString()
        .contains("workload.messageMode=one-way gets no reply, so workload.replyQueue=temporary")
        .contains("set workload.messageMode=two-way");
  }

  @Test
  void aTwoWayMessagingStepWithoutAReplyQueueIsRefusedNamingTheFix() {
    assertBad(
        """
        plan: messaging
        steps:
          - name: one-way
          - name: two-way
            knobs: {workload.messageMode: two-way, workload.mode: stream}
        """,
        "steps[1] (two-way): workload.messageMode=two-way waits for each reply, and"
            + " workload.replyQueue=none gives it no queue to come back on: set"
            + " workload.replyQueue=temporary or shared");
  }

  @Test
  void aTwoWayBacklogIsRefused() {
    assertBad(
        """
        plan: messaging
        knobs: {workload.messageMode: two-way, workload.replyQueue: temporary}
        steps: [{name: a}]
        """,
        "workload.mode=backlog holds every message until the clients are done: set"
            + " workload.mode=stream or rate");
  }

  @Test
  void aMessagingKnobOnAnotherPlanIsRefused() {
    assertThatThrownBy(
            () ->
                parse(
                    """
                    plan: batch-order
                    steps:
                      - name: a
                        knobs: {middleware.messaging.dequeueThreads: 4}
                    """))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining(
            "middleware.messaging.dequeueThreads means nothing to plan batch-order");
  }

  @Test
  void theMessagingPlanReadsTheSharedAndItsOwnKnobs() {
    Experiment experiment =
        parse(
            """
            plan: messaging
            knobs: {workload.persistent: false, workload.messageMode: two-way,
                    workload.replyQueue: shared, workload.mode: rate,
                    middleware.messaging.queues: 3}
            steps: [{name: a}]
            """);
    assertThat(experiment.steps().get(0).knobs().get(MessagingKnobs.QUEUES)).isEqualTo(3);
  }
}
