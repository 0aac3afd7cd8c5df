package io.tunelab.run.plans.messaging;

import io.tunelab.core.BadInputException;
import io.tunelab.core.measure.ArrivalRate;
import io.tunelab.tiers.jmeter.LoadPlan;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The settings of {@code jmeter-plans/messaging.jmx}: the messaging study's clients. Each component
 * is one JMeter property of the plan; {@link #properties()} gives them all.
 *
 * @param brokerUrl Artemis URL for the plan's JNDI ConnectionFactory
 * @param messages messages in the run, over all threads
 * @param threads enqueue (client) threads, 1..256
 * @param queues queues {@code tunelab.messages.1..queues} the threads are spread over, thread t on
 *     queue ((t - 1) mod queues) + 1
 * @param replyQueue {@code null} for one-way sends; else the reply queue of two-way messages
 * @param replyTimeoutMillis two way: a reply later than this is a failed sample
 * @param persistent persistent (true) or non-persistent JMS delivery
 * @param mixedPriorities JMS priorities 0..9 from (seed, n) instead of 4 for every message
 * @param bodyBytes size of each message body
 * @param seed the same seed gives the same messages
 * @param runTag letters and digits in every message id ({@code MSG-<runTag>-00000001})
 * @param arrivalsPerMinute open model: messages due per minute (see {@link ArrivalRate}); 0 unpaced
 */
public record MessagingPlan(
    String brokerUrl,
    int messages,
    int threads,
    int queues,
    ReplyQueue replyQueue,
    int replyTimeoutMillis,
    boolean persistent,
    boolean mixedPriorities,
    int bodyBytes,
    long seed,
    String runTag,
    int arrivalsPerMinute) {
  /** The plan file in {@code jmeter-plans/}. */
  public static final String FILE = "messaging.jmx";

  /**
   * Variables written as extra JTL columns: the message's and device's ids (the sample label is the
   * operation) and the intended send time in the open model.
   */
  public static final List<String> SAMPLE_VARIABLES =
      List.of("messageId", "deviceId", ArrivalRate.INTENDED_AT);

  private static final Pattern RUN_TAG = Pattern.compile("[A-Za-z0-9]{1,32}");

  /** Where a two-way message's reply goes. */
  public enum ReplyQueue {
    /** A temporary queue per client thread (JMeter's request-reply without a named queue). */
    TEMPORARY,
    /** One queue {@code tunelab.replies} for every client, replies matched by correlation id. */
    SHARED
  }

  public MessagingPlan {
    check(messages >= 1, "messages must be 1 or more, was " + messages);
    check(threads >= 1 && threads <= 256, "threads must be 1..256, was " + threads);
    check(queues >= 1 && queues <= 16, "queues must be 1..16, was " + queues);
    check(bodyBytes >= 16 && bodyBytes <= 100_000, "bodyBytes must be 16..100000");
    check(
        replyTimeoutMillis >= 1 && replyTimeoutMillis <= 600_000,
        "replyTimeoutMillis must be 1..600000");
    check(
        arrivalsPerMinute >= 0 && arrivalsPerMinute <= 6_000_000,
        "arrivalsPerMinute must be 0..6000000");
    check(
        runTag != null && RUN_TAG.matcher(runTag).matches(),
        "runTag must be 1..32 letters and digits");
  }

  /** One-way, unpaced, persistent, fixed priority, 200-byte bodies. */
  public static MessagingPlan oneWay(String brokerUrl, int messages, int threads, int queues) {
    return new MessagingPlan(
        brokerUrl, messages, threads, queues, null, 10_000, true, false, 200, 1, "r1", 0);
  }

  /** The same clients sending two-way messages, replies on {@code replyQueue}. */
  public MessagingPlan twoWay(ReplyQueue replyQueue) {
    return new MessagingPlan(
        brokerUrl,
        messages,
        threads,
        queues,
        replyQueue,
        replyTimeoutMillis,
        persistent,
        mixedPriorities,
        bodyBytes,
        seed,
        runTag,
        arrivalsPerMinute);
  }

  /** The same plan with another run tag (message ids must be unique per run). */
  public MessagingPlan tagged(String tag) {
    return new MessagingPlan(
        brokerUrl,
        messages,
        threads,
        queues,
        replyQueue,
        replyTimeoutMillis,
        persistent,
        mixedPriorities,
        bodyBytes,
        seed,
        tag,
        arrivalsPerMinute);
  }

  /** The same plan with persistent or non-persistent delivery. */
  public MessagingPlan persistent(boolean value) {
    return new MessagingPlan(
        brokerUrl,
        messages,
        threads,
        queues,
        replyQueue,
        replyTimeoutMillis,
        value,
        mixedPriorities,
        bodyBytes,
        seed,
        runTag,
        arrivalsPerMinute);
  }

  public boolean twoWay() {
    return replyQueue != null;
  }

  /** The id of message {@code n}, as the plan builds it. */
  public String messageId(long n) {
    return String.format("%s%08d", idPrefix(), n);
  }

  /** What every message id of this run starts with: {@code MSG-<runTag>-}. */
  public String idPrefix() {
    return "MSG-" + runTag + "-";
  }

  public LoadPlan loadPlan() {
    return new LoadPlan(Path.of(FILE), properties(), SAMPLE_VARIABLES);
  }

  /** Every plan property, by its JMeter name, as text. */
  public Map<String, String> properties() {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put("brokerUrl", brokerUrl);
    properties.put("messages", Integer.toString(messages));
    properties.put("threads", Integer.toString(threads));
    properties.put("queues", Integer.toString(queues));
    properties.put("mode", twoWay() ? "twoWay" : "oneWay");
    properties.put(
        "replyQueue",
        replyQueue == null ? "none" : replyQueue.name().toLowerCase(java.util.Locale.ROOT));
    properties.put("replyTimeoutMillis", Integer.toString(replyTimeoutMillis));
    properties.put("persistent", Boolean.toString(persistent));
    properties.put("priorities", mixedPriorities ? "mixed" : "fixed");
    properties.put("bodyBytes", Integer.toString(bodyBytes));
    properties.put("seed", Long.toString(seed));
    properties.put("runTag", runTag);
    properties.put("arrivalsPerMinute", Integer.toString(arrivalsPerMinute));
    return properties;
  }

  private static void check(boolean ok, String problem) {
    if (!ok) {
      throw new BadInputException("messaging plan: " + problem);
    }
  }
}
