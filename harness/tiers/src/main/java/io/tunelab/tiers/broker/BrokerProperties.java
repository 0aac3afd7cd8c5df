package io.tunelab.tiers.broker;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The system properties that fill the {@code ${tunelab.broker.<name>:default}} placeholders of
 * {@code harness/broker/config/broker.xml}: passed as {@code -D} flags to our broker JVM, or in
 * {@code JAVA_ARGS_APPEND} to the official Artemis image.
 */
public final class BrokerProperties {
  /** Prefix of every placeholder of broker.xml. */
  public static final String PREFIX = "tunelab.broker.";

  private BrokerProperties() {}

  /**
   * @param host the interface the acceptor binds: 127.0.0.1 here, 0.0.0.0 in a container
   * @param port the acceptor's port
   */
  public static Map<String, String> of(BrokerConfig config, String host, int port) {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put(PREFIX + "host", host);
    properties.put(PREFIX + "port", Integer.toString(port));
    properties.put(PREFIX + "persistence-enabled", Boolean.toString(config.persistence()));
    properties.put(PREFIX + "journal-type", config.journalType().name());
    properties.put(
        PREFIX + "journal-sync-transactional", Boolean.toString(config.journalSyncTransactional()));
    properties.put(
        PREFIX + "journal-sync-non-transactional",
        Boolean.toString(config.journalSyncNonTransactional()));
    properties.put(PREFIX + "redelivery-delay", Long.toString(config.redeliveryDelayMillis()));
    properties.put(
        PREFIX + "max-delivery-attempts", Integer.toString(config.maxDeliveryAttempts()));
    properties.put(PREFIX + "dead-letter-address", config.deadLetterAddress());
    properties.put(PREFIX + "max-disk-usage", Integer.toString(config.maxDiskUsagePercent()));
    return properties;
  }

  /** The properties as {@code -Dname=value} flags, in order. */
  public static List<String> asFlags(Map<String, String> properties) {
    return properties.entrySet().stream().map(e -> "-D" + e.getKey() + "=" + e.getValue()).toList();
  }
}
