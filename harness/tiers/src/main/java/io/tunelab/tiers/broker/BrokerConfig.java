package io.tunelab.tiers.broker;

import io.tunelab.core.BadInputException;
import java.util.List;
import java.util.Objects;

/**
 * Settings of the broker tier: Apache Artemis in its own JVM, configured by {@code
 * harness/broker/config/broker.xml}, whose {@code ${tunelab.broker.*}} placeholders these fill.
 *
 * @param port the core/JMS acceptor port on 127.0.0.1, 0 for any free one
 * @param persistence whether the broker writes messages to its journal at all
 * @param journalType the journal asked for; Artemis falls back to NIO when ASYNCIO is unavailable
 * @param journalSyncTransactional whether a transaction commit waits for the journal sync
 * @param journalSyncNonTransactional whether a durable send or ack outside a transaction waits for
 *     the journal sync
 * @param redeliveryDelayMillis delay before a rolled-back message is delivered again
 * @param maxDeliveryAttempts deliveries before a message goes to the dead-letter address, -1 for
 *     never
 * @param deadLetterAddress where poison messages go; the broker declares it with a queue of the
 *     same name
 * @param jvmFlags flags of the broker JVM (heap, collector, ...)
 * @param maxDiskUsagePercent use of the journal's file system, in percent, past which the broker
 *     blocks every producer (Artemis's max-disk-usage); -1 for never
 */
public record BrokerConfig(
    int port,
    boolean persistence,
    JournalType journalType,
    boolean journalSyncTransactional,
    boolean journalSyncNonTransactional,
    long redeliveryDelayMillis,
    int maxDeliveryAttempts,
    String deadLetterAddress,
    List<String> jvmFlags,
    int maxDiskUsagePercent) {

  /** Artemis's own max-disk-usage: producers block once the disk is 90% used. */
  public static final int DEFAULT_MAX_DISK_USAGE = 90;

  /** The settings with Artemis's max-disk-usage ({@value #DEFAULT_MAX_DISK_USAGE}%). */
  public BrokerConfig(
      int port,
      boolean persistence,
      JournalType journalType,
      boolean journalSyncTransactional,
      boolean journalSyncNonTransactional,
      long redeliveryDelayMillis,
      int maxDeliveryAttempts,
      String deadLetterAddress,
      List<String> jvmFlags) {
    this(
        port,
        persistence,
        journalType,
        journalSyncTransactional,
        journalSyncNonTransactional,
        redeliveryDelayMillis,
        maxDeliveryAttempts,
        deadLetterAddress,
        jvmFlags,
        DEFAULT_MAX_DISK_USAGE);
  }

  /** The journal implementations of Artemis. */
  public enum JournalType {
    ASYNCIO,
    NIO,
    MAPPED
  }

  public BrokerConfig {
    Objects.requireNonNull(journalType, "journalType");
    Objects.requireNonNull(deadLetterAddress, "deadLetterAddress");
    jvmFlags = List.copyOf(jvmFlags);
    if (redeliveryDelayMillis < 0) {
      throw new BadInputException(
          "broker.redeliveryDelayMillis must be 0 or more, was " + redeliveryDelayMillis);
    }
    if (maxDeliveryAttempts < -1 || maxDeliveryAttempts == 0) {
      throw new BadInputException(
          "broker.maxDeliveryAttempts must be at least 1, or -1 to never dead-letter, was "
              + maxDeliveryAttempts);
    }
    if (maxDiskUsagePercent < -1 || maxDiskUsagePercent > 100) {
      throw new BadInputException(
          "broker.maxDiskUsagePercent must be 0..100, or -1 to never block, was "
              + maxDiskUsagePercent);
    }
    if (deadLetterAddress.isBlank() || !deadLetterAddress.matches("[A-Za-z0-9._-]+")) {
      throw new BadInputException(
          "broker.deadLetterAddress must be an address name of letters, digits, '.', '_' and"
              + " '-', was '"
              + deadLetterAddress
              + "'");
    }
  }

  /**
   * The dead-letter queue of tunelab's stacks: named under {@code tunelab.}, as every queue the
   * harness may purge.
   */
  public static final String DEAD_LETTER_QUEUE = "tunelab.DLQ";

  public static BrokerConfig defaults() {
    return new BrokerConfig(
        0,
        true,
        JournalType.ASYNCIO,
        true,
        true,
        0,
        5,
        DEAD_LETTER_QUEUE,
        List.of("-Xms256m", "-Xmx1g"));
  }

  public BrokerConfig withPort(int value) {
    return new BrokerConfig(
        value,
        persistence,
        journalType,
        journalSyncTransactional,
        journalSyncNonTransactional,
        redeliveryDelayMillis,
        maxDeliveryAttempts,
        deadLetterAddress,
        jvmFlags,
        maxDiskUsagePercent);
  }
}
