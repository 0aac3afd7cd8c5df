package io.tunelab.run.plans.messaging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.run.RunTiers;
import io.tunelab.tiers.broker.BrokerManagement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a step of the messaging plan reads back beside what every plan does: the messaging server's
 * own view (queues, dequeue threads, the consumer window it opened) and whether the broker holds
 * each of its queues exclusive ({@code middleware.messaging.exclusive}).
 */
final class MessagingReadBack {
  private static final ObjectMapper JSON = new ObjectMapper();

  private MessagingReadBack() {}

  static Map<String, Object> of(RunTiers tiers) {
    Map<String, Object> read = new LinkedHashMap<>();
    JsonNode status = tiers.middleware().status();
    if (status.has("messaging")) {
      read.put("middleware.messaging", JSON.convertValue(status.path("messaging"), Map.class));
      read.put("broker.messagingQueuesExclusive", exclusive(tiers.endpoints()));
    }
    return read;
  }

  /** Whether each messaging queue is exclusive, as the broker says. */
  private static Map<String, Object> exclusive(Endpoints endpoints) {
    Map<String, Object> exclusive = new LinkedHashMap<>();
    try (BrokerManagement management = BrokerManagement.of(endpoints)) {
      for (String queue : management.queues().keySet()) {
        if (MessagingQueues.isOne(queue)) {
          exclusive.put(queue, management.queueAttribute(queue, "Exclusive"));
        }
      }
    }
    return exclusive;
  }
}
