package io.tunelab.run.plans.messaging;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tunelab.core.results.LatencyMillis;
import java.util.Map;

/**
 * What a messaging repetition counted and timed: the clients' sends (the JTL) against what the
 * server logged in the database ({@code message_log}, {@code message_status}), so that every
 * message is accounted for: sent = driven + failed + lost.
 *
 * @param mode one-way or two-way
 * @param replyQueue two-way: temporary or shared; none for one-way
 * @param planned messages the plan was to send
 * @param sent messages the clients sent (the JTL's samples whose send went out; two-way: every
 *     sample, answered or not)
 * @param driven messages the server logged and drove the device for
 * @param replied two-way: replies the server sent (the clients' answered samples may be fewer when
 *     a reply came after the reply timeout)
 * @param failed messages the server logged as FAILED (the driver failed), with their reasons
 * @param lost sent but never driven nor failed within the drain timeout
 * @param duplicates deliveries of a message already logged (redeliveries), not counted twice
 * @param sendPerSecond messages sent per second, from the first send to the last
 * @param receivePerSecond messages the server finished (driven or failed) per second, from the
 *     first send to the last finish: the study's steady message rate
 * @param answeredPerSecond two-way: replies the clients received per second; null for one-way
 * @param endToEnd from each message's send (its JMSTimestamp) to the server's record of its
 *     outcome, milliseconds, of the finished messages
 * @param roundTrip two-way: the clients' send-to-reply time from the JTL; null for one-way
 * @param failureReasons FAILED reasons with how many messages each
 * @param targetArrivalsPerMinute open model: the target; null when unpaced
 * @param achievedArrivalsPerMinute open model: achieved, from the sends' start times
 * @param replyQueues two-way: the reply queues the server answered on that the broker counted while
 *     the clients ran (one shared, or one temporary queue per client thread); null for one-way
 * @param replyConsumers two-way: the most consumers the broker counted on those queues together
 *     (the clients receiving replies); null for one-way
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MessageMetrics(
    String mode,
    String replyQueue,
    long planned,
    long sent,
    long driven,
    long replied,
    long failed,
    long lost,
    long duplicates,
    double sendPerSecond,
    double receivePerSecond,
    Double answeredPerSecond,
    LatencyMillis endToEnd,
    LatencyMillis roundTrip,
    Map<String, Long> failureReasons,
    Double targetArrivalsPerMinute,
    Double achievedArrivalsPerMinute,
    Integer replyQueues,
    Integer replyConsumers) {

  public MessageMetrics {
    failureReasons = failureReasons == null ? Map.of() : Map.copyOf(failureReasons);
  }
}
