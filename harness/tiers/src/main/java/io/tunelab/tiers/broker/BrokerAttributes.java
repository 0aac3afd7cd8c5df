package io.tunelab.tiers.broker;

/**
 * How a running broker says it stores messages, read back through its management.
 *
 * @param version the Artemis version, e.g. {@code 2.56.0}
 * @param persistenceEnabled whether messages are written to the journal at all
 * @param journalType the journal in use: Artemis reports NIO here when it fell back from ASYNCIO
 * @param journalSyncTransactional whether a commit waits for the journal sync
 * @param journalSyncNonTransactional whether a durable send or ack outside a transaction waits for
 *     the journal sync
 * @param maxDiskUsage use of the journal's file system, in percent, past which producers block (-1
 *     never)
 * @param diskStoreUsage that file system's use now, as a fraction (0..1)
 */
public record BrokerAttributes(
    String version,
    boolean persistenceEnabled,
    BrokerConfig.JournalType journalType,
    boolean journalSyncTransactional,
    boolean journalSyncNonTransactional,
    int maxDiskUsage,
    double diskStoreUsage) {}
