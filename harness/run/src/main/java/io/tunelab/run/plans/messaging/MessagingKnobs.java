package io.tunelab.run.plans.messaging;

import io.tunelab.core.Studies;
import io.tunelab.core.experiment.Plan;
import io.tunelab.core.knobs.Knob;
import io.tunelab.core.knobs.KnobChoice;
import io.tunelab.core.knobs.KnobList;
import io.tunelab.core.knobs.KnobRule;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.KnobSource;
import io.tunelab.core.knobs.KnobTier;
import io.tunelab.core.knobs.KnobTypes;
import io.tunelab.core.knobs.WorkloadKnobs;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The knobs only the messaging plan reads, and the rules between them: the messaging server's
 * queues and dequeue threads ({@code middleware.messaging.*}, settings of the middleware like any
 * {@code middleware.*} knob) and the messages its clients send ({@code workload.*}). The registry
 * finds them through the room ({@link MessagingRoom}); {@code docs/knobs.md} lists them with their
 * tier's.
 */
public final class MessagingKnobs implements KnobSource {
  private static final KnobList MIDDLEWARE = new KnobList(KnobTier.MIDDLEWARE, Knob.Apply.RESTART);
  private static final KnobList LOAD = new KnobList(KnobTier.LOAD, Knob.Apply.PER_RUN);

  /** One-way sends or two-way send and receive (the messaging plan). */
  public enum MessageMode implements KnobChoice {
    ONE_WAY("one-way"),
    TWO_WAY("two-way");

    private final String label;

    MessageMode(String label) {
      this.label = label;
    }

    @Override
    public String label() {
      return label;
    }
  }

  /** Where a two-way message's reply goes (the messaging plan). */
  public enum ReplyQueue implements KnobChoice {
    /** One-way messages get no reply. */
    NONE,
    /** A temporary queue per client thread. */
    TEMPORARY,
    /** One queue for every client, replies matched by correlation id. */
    SHARED
  }

  /** JMS priorities of the messaging plan's messages. */
  public enum Priorities implements KnobChoice {
    /** Every message priority 4, JMS's default. */
    FIXED,
    /** Priorities 0..9 from (seed, n). */
    MIXED
  }

  /**
   * How a dequeue thread of the messaging server takes its next message (the study's dequeue
   * navigation).
   */
  public enum Navigation implements KnobChoice {
    /**
     * Every receive asks the broker for the queue's first message (consumer window 0): priority
     * order is always honoured, at a round trip per message.
     */
    FIRST,
    /**
     * Receives continue through messages the broker already pushed to the consumer (its window,
     * {@code middleware.consumer.windowBytes}): faster, but a message with a higher priority that
     * arrives later waits behind them.
     */
    NEXT
  }

  public static final Knob<Integer> QUEUES =
      MIDDLEWARE
          .knob("middleware.messaging.queues", KnobTypes.integer(1, 16), 1)
          .unit("queues")
          .doc(
              "queues the messaging plan's traffic is sharded over (tunelab.messages.1..N); each"
                  + " client thread sends to one, each dequeue thread takes from one")
          .study(Studies.MESSAGING + ", one queue per node")
          .add();

  public static final Knob<Integer> DEQUEUE_THREADS =
      MIDDLEWARE
          .knob("middleware.messaging.dequeueThreads", KnobTypes.integer(1, 64), 1)
          .unit("threads per queue")
          .doc(
              "dequeue threads of the messaging server on each queue, each with its own consumer,"
                  + " transaction and database work per message")
          .study(Studies.MESSAGING + ", dequeue threads")
          .add();

  public static final Knob<Navigation> NAVIGATION =
      MIDDLEWARE
          .knob(
              "middleware.messaging.navigation",
              KnobTypes.choice(Navigation.class),
              Navigation.NEXT)
          .doc(
              "first: each receive takes the queue's first message by priority (consumer window"
                  + " 0); next: receives continue through prefetched messages (the consumer"
                  + " window)")
          .study(Studies.MESSAGING + ", first vs next message navigation")
          .add();

  public static final Knob<Boolean> EXCLUSIVE =
      MIDDLEWARE
          .knob("middleware.messaging.exclusive", KnobTypes.bool(), false)
          .doc(
              "strict order: each messaging queue is an Artemis exclusive queue, so one consumer"
                  + " at a time receives, whatever the dequeue threads")
          .study(Studies.MESSAGING + ", dequeue ordering")
          .add();

  public static final Knob<Integer> MESSAGES =
      LOAD.knob("workload.messages", KnobTypes.integer(1, 100_000_000), 2000)
          .unit("messages")
          .doc(
              "messaging: messages the clients send in a measured repetition, at least; more when"
                  + " the run would last less than workload.minMeasuredSeconds at the last rate")
          .study(Studies.MESSAGING)
          .add();

  public static final Knob<Integer> WARMUP_MESSAGES =
      LOAD.knob("workload.warmupMessages", KnobTypes.integer(0, 100_000_000), 3000)
          .unit("messages")
          .doc(
              "messaging: messages in each warm-up round, at least (a round grows to last"
                  + " workload.minMeasuredSeconds at the last rate), rounds until the throughput is"
                  + " steady; never measured; 0: no warm-up. Rounds of 1,000 drained in 2 s were"
                  + " judged steady while the middleware's CPU per message still fell")
          .add();

  public static final Knob<MessageMode> MESSAGE_MODE =
      LOAD.knob("workload.messageMode", KnobTypes.choice(MessageMode.class), MessageMode.ONE_WAY)
          .doc(
              "messaging: one-way (the clients send) or two-way (each client waits for the server's"
                  + " reply on workload.replyQueue)")
          .study(Studies.MESSAGING + ", one-way and two-way")
          .add();

  public static final Knob<ReplyQueue> REPLY_QUEUE =
      LOAD.knob("workload.replyQueue", KnobTypes.choice(ReplyQueue.class), ReplyQueue.NONE)
          .doc(
              "messaging, two-way: temporary (a temporary queue per client thread) or shared (one"
                  + " queue, tunelab.replies, replies matched by correlation id); none for one-way")
          .add();

  public static final Knob<Priorities> PRIORITIES =
      LOAD.knob("workload.priorities", KnobTypes.choice(Priorities.class), Priorities.FIXED)
          .doc("messaging: JMS priority 4 for every message (fixed) or 0..9 by message (mixed)")
          .add();

  public static final Knob<Integer> MESSAGE_BYTES =
      LOAD.knob("workload.messageBytes", KnobTypes.integer(16, 100_000), 200)
          .unit("bytes")
          .doc("messaging: size of each message body")
          .add();

  private static final String MESSAGE_MODE_NAME = MESSAGE_MODE.name();
  private static final String REPLY_QUEUE_NAME = REPLY_QUEUE.name();
  private static final String MODE_NAME = WorkloadKnobs.MODE.name();

  /** A two-way message waits for its reply, which needs a queue to come back on. */
  static final KnobRule TWO_WAY_HAS_A_REPLY_QUEUE =
      new KnobRule(
          MESSAGE_MODE_NAME + "=two-way names a " + REPLY_QUEUE_NAME + " (temporary or shared)",
          List.of(MESSAGE_MODE, REPLY_QUEUE),
          knobs ->
              twoWay(knobs) && knobs.get(REPLY_QUEUE) == ReplyQueue.NONE
                  ? Optional.of(
                      MESSAGE_MODE_NAME
                          + "=two-way waits for each reply, and "
                          + REPLY_QUEUE_NAME
                          + "=none gives it no queue to come back on: set "
                          + REPLY_QUEUE_NAME
                          + "=temporary or shared")
                  : Optional.empty());

  /** A client waiting for each reply cannot hold its messages until every client is done. */
  static final KnobRule TWO_WAY_IS_NOT_HELD =
      new KnobRule(
          MESSAGE_MODE_NAME + "=two-way runs with " + MODE_NAME + "=stream or rate",
          List.of(MESSAGE_MODE, WorkloadKnobs.MODE),
          knobs ->
              twoWay(knobs) && knobs.get(WorkloadKnobs.MODE) == WorkloadKnobs.Mode.BACKLOG
                  ? Optional.of(
                      MESSAGE_MODE_NAME
                          + "=two-way waits for each reply, and "
                          + MODE_NAME
                          + "=backlog holds every message until the clients are done: set "
                          + MODE_NAME
                          + "=stream or rate")
                  : Optional.empty());

  /** A reply queue for messages that get no reply would be a knob that does nothing. */
  static final KnobRule ONE_WAY_HAS_NO_REPLY_QUEUE =
      new KnobRule(
          MESSAGE_MODE_NAME + "=one-way leaves " + REPLY_QUEUE_NAME + " at none",
          List.of(MESSAGE_MODE, REPLY_QUEUE),
          knobs -> {
            ReplyQueue reply = knobs.get(REPLY_QUEUE);
            return !twoWay(knobs) && reply != ReplyQueue.NONE
                ? Optional.of(
                    MESSAGE_MODE_NAME
                        + "=one-way gets no reply, so "
                        + REPLY_QUEUE_NAME
                        + "="
                        + reply.label()
                        + " would do nothing: remove it or set "
                        + MESSAGE_MODE_NAME
                        + "=two-way")
                : Optional.empty();
          });

  @Override
  public String plan() {
    return Plan.MESSAGING.yamlName();
  }

  @Override
  public List<Knob<?>> knobs() {
    return Stream.concat(MIDDLEWARE.all().stream(), LOAD.all().stream()).toList();
  }

  @Override
  public List<KnobRule> rules() {
    return List.of(TWO_WAY_HAS_A_REPLY_QUEUE, TWO_WAY_IS_NOT_HELD, ONE_WAY_HAS_NO_REPLY_QUEUE);
  }

  private static boolean twoWay(KnobSet knobs) {
    return knobs.get(MESSAGE_MODE) == MessageMode.TWO_WAY;
  }
}
