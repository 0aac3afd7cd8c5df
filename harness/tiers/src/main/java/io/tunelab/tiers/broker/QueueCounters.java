package io.tunelab.tiers.broker;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The counters of one queue at one moment, as the broker reports them. Counts are messages; {@code
 * messagesAdded}, {@code messagesAcknowledged} and {@code messagesKilled} only grow while the
 * broker runs.
 *
 * @param name the queue
 * @param address the address it is bound to
 * @param messageCount messages in the queue now (including those being delivered and scheduled)
 * @param consumerCount consumers attached now
 * @param messagesAdded messages ever added
 * @param messagesAcknowledged messages ever acknowledged (consumed)
 * @param deliveringCount messages handed to consumers and not yet acknowledged
 * @param scheduledCount messages waiting for a scheduled delivery (e.g. a redelivery delay)
 * @param messagesKilled messages sent to the dead-letter address after too many deliveries
 */
public record QueueCounters(
    String name,
    String address,
    long messageCount,
    int consumerCount,
    long messagesAdded,
    long messagesAcknowledged,
    long deliveringCount,
    long scheduledCount,
    long messagesKilled) {

  /** Reads one entry of Artemis' {@code listQueues} answer (whose numbers may be strings). */
  static QueueCounters of(JsonNode queue) {
    return new QueueCounters(
        queue.path("name").asText(),
        queue.path("address").asText(),
        queue.path("messageCount").asLong(),
        queue.path("consumerCount").asInt(),
        queue.path("messagesAdded").asLong(),
        queue.path("messagesAcked").asLong(),
        queue.path("deliveringCount").asLong(),
        queue.path("scheduledCount").asLong(),
        queue.path("messagesKilled").asLong());
  }
}
