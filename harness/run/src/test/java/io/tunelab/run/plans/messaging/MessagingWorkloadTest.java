package io.tunelab.run.plans.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.KnobSet;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The messaging workload as a step's knobs give it, each knob to its field. */
class MessagingWorkloadTest {
  @Test
  void twoWayMessagesAtARateOverSeveralQueues() {
    KnobSet knobs =
        KnobSet.defaults()
            .with("workload.messages", "900")
            .with("workload.warmupMessages", "0")
            .with("workload.threads", "6")
            .with("middleware.messaging.queues", "3")
            .with("workload.messageMode", "two-way")
            .with("workload.replyQueue", "shared")
            .with("workload.mode", "rate")
            .with("workload.arrivalsPerMinute", "1200")
            .with("workload.persistent", "false")
            .with("workload.priorities", "mixed")
            .with("workload.messageBytes", "512")
            .with("workload.seed", "7")
            .with("workload.drainTimeoutSeconds", "45")
            .with("workload.maxErrorPercent", "2.5");

    MessagingWorkload workload = MessagingWorkload.of(knobs);

    assertThat(workload.messages()).isEqualTo(900);
    assertThat(workload.warmupMessages()).isZero();
    assertThat(workload.threads()).isEqualTo(6);
    assertThat(workload.queues()).isEqualTo(3);
    assertThat(workload.replyQueue()).isEqualTo(MessagingPlan.ReplyQueue.SHARED);
    assertThat(workload.arrivalsPerMinute()).isEqualTo(1200);
    assertThat(workload.backlog()).isFalse();
    assertThat(workload.persistent()).isFalse();
    assertThat(workload.mixedPriorities()).isTrue();
    assertThat(workload.messageBytes()).isEqualTo(512);
    assertThat(workload.seed()).isEqualTo(7);
    assertThat(workload.drainTimeout()).isEqualTo(Duration.ofSeconds(45));
    assertThat(workload.maxErrorPercent()).isEqualTo(2.5);
  }

  @Test
  void oneWayMessagesHeldInABacklogHaveNoReplyQueueNorRate() {
    KnobSet knobs = KnobSet.defaults().with("workload.arrivalsPerMinute", "1200");

    MessagingWorkload workload = MessagingWorkload.of(knobs);

    assertThat(workload.replyQueue()).isNull();
    assertThat(workload.backlog()).isTrue();
    assertThat(workload.arrivalsPerMinute()).as("a closed model sends as fast as it can").isZero();
    assertThat(workload.persistent()).isTrue();
  }
}
