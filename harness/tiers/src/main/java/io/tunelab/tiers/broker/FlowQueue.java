package io.tunelab.tiers.broker;

import java.util.List;
import java.util.stream.Stream;

/**
 * The broker queues of the order-to-bill flow as the harness names them, in flow order. The
 * middleware keeps its own names (its {@code Stage}); {@code FlowQueueContractTest} holds the two,
 * {@code broker.xml} and the consumers knobs to the same names.
 */
public enum FlowQueue {
  INTAKE("intake", "tunelab.intake"),
  ORCHESTRATION("orchestration", "tunelab.orchestration"),
  CREATE_CUSTOMER("createCustomer", "tunelab.create-customer"),
  CREATE_SUBSCRIPTIONS("createSubscriptions", "tunelab.create-subscriptions"),
  UPDATE_CRM("updateCrm", "tunelab.update-crm");

  /** What every tunelab queue's name starts with. */
  public static final String PREFIX = "tunelab.";

  private final String stage;
  private final String queue;

  FlowQueue(String stage, String queue) {
    this.stage = stage;
    this.queue = queue;
  }

  /** The stage consuming it, as in the knob {@code middleware.consumers.<stage>}. */
  public String stage() {
    return stage;
  }

  /** The queue's name on the broker. */
  public String queue() {
    return queue;
  }

  /** Every queue name, in flow order. */
  public static List<String> names() {
    return Stream.of(values()).map(FlowQueue::queue).toList();
  }

  /** Whether a queue on the broker is one of tunelab's. */
  public static boolean isTunelab(String queueName) {
    return queueName.startsWith(PREFIX);
  }
}
