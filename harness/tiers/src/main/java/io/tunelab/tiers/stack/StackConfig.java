package io.tunelab.tiers.stack;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.Knobs;
import io.tunelab.tiers.broker.BrokerConfig;
import io.tunelab.tiers.db.DbBinaries;
import io.tunelab.tiers.db.DbConfig;
import io.tunelab.tiers.mocks.MocksConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Settings of the three stack tiers.
 *
 * @param detached whether the stack outlives the controller (ended by {@code stack down})
 */
public record StackConfig(DbConfig db, BrokerConfig broker, MocksConfig mocks, boolean detached) {
  public StackConfig {
    Objects.requireNonNull(db, "db");
    Objects.requireNonNull(broker, "broker");
    Objects.requireNonNull(mocks, "mocks");
  }

  public static StackConfig defaults() {
    return from(KnobSet.defaults());
  }

  /** The tier settings a knob set asks for, on free ports. */
  public static StackConfig from(KnobSet knobs) {
    return new StackConfig(db(knobs), broker(knobs), mocks(knobs), false);
  }

  private static DbConfig db(KnobSet knobs) {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("max_connections", Integer.toString(knobs.get(Knobs.DB_MAX_CONNECTIONS)));
    settings.put("shared_buffers", knobs.get(Knobs.DB_SHARED_BUFFERS));
    settings.put("synchronous_commit", knobs.get(Knobs.DB_SYNCHRONOUS_COMMIT));
    settings.put("max_wal_size", knobs.get(Knobs.DB_MAX_WAL_SIZE));
    settings.put("checkpoint_timeout", knobs.get(Knobs.DB_CHECKPOINT_TIMEOUT));
    settings.put("fsync", knobs.get(Knobs.DB_FSYNC) ? "on" : "off");
    settings.put(
        "max_prepared_transactions",
        Integer.toString(knobs.get(Knobs.DB_MAX_PREPARED_TRANSACTIONS)));
    settings.put("shared_preload_libraries", knobs.get(Knobs.DB_SHARED_PRELOAD_LIBRARIES));
    settings.putAll(knobs.serverPassThrough());
    DbBinaries binaries = DbBinaries.valueOf(knobs.get(Knobs.DB_BINARIES).toUpperCase(Locale.ROOT));
    return new DbConfig(0, binaries, settings);
  }

  private static BrokerConfig broker(KnobSet knobs) {
    return new BrokerConfig(
        0,
        knobs.get(Knobs.BROKER_PERSISTENCE),
        BrokerConfig.JournalType.valueOf(knobs.get(Knobs.BROKER_JOURNAL_TYPE)),
        knobs.get(Knobs.BROKER_SYNC_TRANSACTIONAL),
        knobs.get(Knobs.BROKER_SYNC_NON_TRANSACTIONAL),
        knobs.get(Knobs.BROKER_REDELIVERY_DELAY),
        knobs.get(Knobs.BROKER_MAX_DELIVERY_ATTEMPTS),
        "DLQ",
        jvmFlags(knobs.get(Knobs.BROKER_HEAP), knobs.get(Knobs.BROKER_JVM_FLAGS)));
  }

  private static MocksConfig mocks(KnobSet knobs) {
    return new MocksConfig(
        0,
        0,
        knobs.get(Knobs.MOCKS_CONTAINER_THREADS),
        knobs.get(Knobs.MOCKS_ASYNC_RESPONSES),
        new MocksConfig.Backend(
            knobs.get(Knobs.MOCKS_SIEBEL_LATENCY), knobs.get(Knobs.MOCKS_SIEBEL_FAULT_RATE)),
        new MocksConfig.Backend(
            knobs.get(Knobs.MOCKS_BRM_LATENCY), knobs.get(Knobs.MOCKS_BRM_FAULT_RATE)),
        jvmFlags(knobs.get(Knobs.MOCKS_HEAP), ""));
  }

  /** {@code -Xmx} from the heap knob, then the free-form flags (which may override it). */
  static List<String> jvmFlags(int heapMegabytes, String extra) {
    List<String> flags = new ArrayList<>();
    flags.add("-Xms" + Math.min(256, heapMegabytes) + "m");
    flags.add("-Xmx" + heapMegabytes + "m");
    for (String flag : extra.trim().split("\\s+")) {
      if (!flag.isEmpty()) {
        flags.add(flag);
      }
    }
    return flags;
  }

  public StackConfig withDb(DbConfig value) {
    return new StackConfig(value, broker, mocks, detached);
  }

  public StackConfig withBroker(BrokerConfig value) {
    return new StackConfig(db, value, mocks, detached);
  }

  public StackConfig withMocks(MocksConfig value) {
    return new StackConfig(db, broker, value, detached);
  }

  public StackConfig withDetached(boolean value) {
    return new StackConfig(db, broker, mocks, value);
  }
}
