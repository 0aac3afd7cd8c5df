package io.tunelab.run.plans.messaging;

import io.tunelab.core.experiment.Plan;
import io.tunelab.core.findings.FindingRule;
import io.tunelab.core.findings.FindingSource;
import java.util.List;

/**
 * The messaging server's findings: its queues ({@code tunelab.messages.N}) are judged here, with
 * what its dequeue threads hold in hand, not by the house's backlog rule.
 */
public final class MessagingFindings implements FindingSource {
  @Override
  public String plan() {
    return Plan.MESSAGING.yamlName();
  }

  @Override
  public List<FindingRule> rules() {
    return List.of(new MessagingBacklogRule(), new QueueEmptyRule());
  }

  @Override
  public boolean ownsQueue(String queue) {
    return MessagingQueues.isOne(queue);
  }
}
