package io.tunelab.core.knobs;

import io.tunelab.core.Studies;

/** The Artemis broker: journal and address settings and its JVM (a change restarts it). */
public final class BrokerKnobs {
  private static final KnobList KNOBS = new KnobList(KnobTier.BROKER, Knob.Apply.RESTART);

  /** Artemis's journal types, in its own spelling. */
  public enum JournalType implements KnobChoice {
    ASYNCIO("ASYNCIO"),
    NIO("NIO"),
    MAPPED("MAPPED");

    private final String label;

    JournalType(String label) {
      this.label = label;
    }

    @Override
    public String label() {
      return label;
    }
  }

  public static final Knob<Boolean> PERSISTENCE =
      KNOBS
          .knob("broker.persistence", KnobTypes.bool(), true)
          .doc("whether the broker journals messages at all")
          .study(Studies.BROKER)
          .tradesDurabilityAt("off")
          .add();

  public static final Knob<JournalType> JOURNAL_TYPE =
      KNOBS
          .knob("broker.journal.type", KnobTypes.choice(JournalType.class), JournalType.ASYNCIO)
          .doc(
              "journal implementation asked for; the one in use is each step's read-back"
                  + " `broker.journal` (ASYNCIO falls back to NIO without libaio, which the run"
                  + " says as the stack starts)")
          .study(Studies.BROKER)
          .add();

  public static final Knob<Boolean> SYNC_TRANSACTIONAL =
      KNOBS
          .knob("broker.journal.syncTransactional", KnobTypes.bool(), true)
          .doc("a transaction commit waits for the journal sync")
          .study(Studies.BROKER)
          .tradesDurabilityAt("off")
          .add();

  public static final Knob<Boolean> SYNC_NON_TRANSACTIONAL =
      KNOBS
          .knob("broker.journal.syncNonTransactional", KnobTypes.bool(), true)
          .doc("a durable send or ack outside a transaction waits for the journal sync")
          .study(Studies.BROKER)
          .tradesDurabilityAt("off")
          .add();

  public static final Knob<Integer> REDELIVERY_DELAY =
      KNOBS
          .knob("broker.redelivery.delayMillis", KnobTypes.integer(0, 3_600_000), 0)
          .unit("ms")
          .doc("delay before a rolled-back message is delivered again")
          .add();

  public static final Knob<Integer> MAX_DELIVERY_ATTEMPTS =
      KNOBS
          .knob("broker.redelivery.maxAttempts", KnobTypes.integer(1, 1000), 5)
          .unit("deliveries")
          .doc("deliveries of a message before it goes to the dead-letter queue tunelab.DLQ")
          .add();

  public static final Knob<Integer> MAX_DISK_USAGE =
      KNOBS
          .knob("broker.maxDiskUsagePercent", KnobTypes.integer(-1, 100), 90)
          .unit("%")
          .doc(
              "use of the journal's file system past which the broker blocks every producer, as a"
                  + " full disk does (max-disk-usage); -1 never")
          .study(Studies.BROKER)
          .add();

  public static final Knob<Integer> HEAP =
      KNOBS
          .knob("broker.jvm.heapMegabytes", KnobTypes.integer(64, 65_536), 1024)
          .unit("MB")
          .doc("maximum heap of the broker JVM (-Xmx)")
          .add();

  public static final Knob<String> JVM_FLAGS =
      KNOBS
          .knob("broker.jvm.flags", KnobTypes.text(), "")
          .doc("extra flags of the broker JVM, space-separated")
          .add();

  public static final Knob<Jfr> JFR =
      KNOBS
          .knob("broker.jvm.jfr", KnobTypes.choice(Jfr.class), Jfr.OFF)
          .doc(
              "records the broker JVM with the JDK Flight Recorder as middleware.jvm.jfr records"
                  + " the middleware (attached right after it starts and on for its life; the"
                  + " embedded stack only): each repetition is written to broker.jfr in its folder,"
                  + " gc its collections (broker-gc.json, the series gc.* labelled broker), default"
                  + " or profile the JDK's settings of that name over the measured window summed up"
                  + " in broker-jfr.json (hot methods, contended monitors, allocations by class)")
          .add();

  /** This tier's knobs, in declaration order. */
  public static final java.util.List<Knob<?>> ALL = KNOBS.all();

  private BrokerKnobs() {}
}
