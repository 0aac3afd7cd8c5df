package io.tunelab.run.plans.messaging;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.WorkloadKnobs;
import java.time.Duration;

/**
 * The messaging plan's workload, read from a step's knobs once, typed: what its clients send and
 * how the run waits for it.
 *
 * @param messages the measured run's messages at the least ({@code workload.messages})
 * @param warmupMessages a warm-up round's messages at the least; 0: no warm-up
 * @param threads client threads
 * @param queues the queues the messages are spread over ({@code middleware.messaging.queues})
 * @param replyQueue where a two-way message's reply comes back; null for one-way messages
 * @param responseTimeoutMillis how long a two-way client waits for its reply
 * @param persistent whether the clients send persistent messages
 * @param mixedPriorities whether the messages carry mixed JMS priorities
 * @param messageBytes each message's body
 * @param seed the seed of the devices and payloads
 * @param arrivalsPerMinute the open model's rate ({@code workload.mode=rate}); 0 in a closed one
 * @param backlog whether the messages are held until every client is done, then drained
 * @param drainTimeout how long the drain may go without a message finished
 * @param maxErrorPercent the failed messages over which the repetition is invalid
 */
record MessagingWorkload(
    int messages,
    int warmupMessages,
    int threads,
    int queues,
    MessagingPlan.ReplyQueue replyQueue,
    int responseTimeoutMillis,
    boolean persistent,
    boolean mixedPriorities,
    int messageBytes,
    long seed,
    int arrivalsPerMinute,
    boolean backlog,
    Duration drainTimeout,
    double maxErrorPercent) {

  static MessagingWorkload of(KnobSet knobs) {
    WorkloadKnobs.Mode mode = knobs.get(WorkloadKnobs.MODE);
    boolean twoWay = knobs.get(MessagingKnobs.MESSAGE_MODE) == MessagingKnobs.MessageMode.TWO_WAY;
    return new MessagingWorkload(
        knobs.get(MessagingKnobs.MESSAGES),
        knobs.get(MessagingKnobs.WARMUP_MESSAGES),
        knobs.get(WorkloadKnobs.THREADS),
        knobs.get(MessagingKnobs.QUEUES),
        twoWay
            ? MessagingPlan.ReplyQueue.valueOf(knobs.get(MessagingKnobs.REPLY_QUEUE).name())
            : null,
        knobs.get(WorkloadKnobs.RESPONSE_TIMEOUT),
        knobs.get(WorkloadKnobs.PERSISTENT),
        knobs.get(MessagingKnobs.PRIORITIES) == MessagingKnobs.Priorities.MIXED,
        knobs.get(MessagingKnobs.MESSAGE_BYTES),
        knobs.get(WorkloadKnobs.SEED),
        mode == WorkloadKnobs.Mode.RATE ? knobs.get(WorkloadKnobs.ARRIVALS_PER_MINUTE) : 0,
        mode == WorkloadKnobs.Mode.BACKLOG,
        Duration.ofSeconds(knobs.get(WorkloadKnobs.DRAIN_TIMEOUT)),
        knobs.get(WorkloadKnobs.MAX_ERROR_PERCENT));
  }
}
