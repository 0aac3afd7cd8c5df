package io.tunelab.run.plans.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import io.tunelab.tiers.jmeter.LoadPlan;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class MessagingPlanTest {
  private static final String BROKER = "tcp://127.0.0.1:61616";

  @Test
  void passesEveryPropertyThePlanReads() throws IOException {
    MessagingPlan plan = MessagingPlan.oneWay(BROKER, 500, 8, 3);
    Path file = Path.of(System.getProperty("tunelab.home"), "jmeter-plans", MessagingPlan.FILE);

    java.util.Set<String> read =
        new java.util.TreeSet<>(io.tunelab.load.PlanProperties.readBy(file));
    read.removeAll(LoadPlan.LOAD_TIER_PROPERTIES);
    assertThat(plan.properties().keySet()).isEqualTo(read);
    assertThat(plan.properties())
        .containsEntry("messages", "500")
        .containsEntry("threads", "8")
        .containsEntry("queues", "3")
        .containsEntry("mode", "oneWay")
        .containsEntry("replyQueue", "none");
  }

  @Test
  void twoWayNamesItsReplyQueue() {
    MessagingPlan plan =
        MessagingPlan.oneWay(BROKER, 10, 1, 1).twoWay(MessagingPlan.ReplyQueue.SHARED);

    assertThat(plan.properties())
        .containsEntry("mode", "twoWay")
        .containsEntry("replyQueue", "shared");
    assertThat(plan.messageId(7)).isEqualTo("MSG-r1-00000007");
  }

  @Test
  void refusesQueuesOutOfRangeNamingTheRange() {
    assertThatThrownBy(() -> MessagingPlan.oneWay(BROKER, 10, 1, 17))
        .isInstanceOf(BadInputException.class)
        .hasMessage("messaging plan: queues must be 1..16, was 17");
  }
}
