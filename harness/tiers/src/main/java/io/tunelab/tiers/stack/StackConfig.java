package io.tunelab.tiers.stack;

import io.tunelab.core.knobs.BrokerKnobs;
import io.tunelab.core.knobs.DbKnobs;
import io.tunelab.core.knobs.KnobRules;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.MocksKnobs;
import io.tunelab.core.stack.Backend;
import io.tunelab.tiers.broker.BrokerConfig;
import io.tunelab.tiers.db.DbBinaries;
import io.tunelab.tiers.db.DbConfig;
import io.tunelab.tiers.mocks.MocksConfig;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
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
  /**
   * @throws io.tunelab.core.BadInputException when the broker's flags contradict its heap knob
   */
  public static StackConfig from(KnobSet knobs) {
    KnobRules.require(knobs, KnobRules.BROKER_FLAGS_LEAVE_THE_HEAP_TO_ITS_KNOB);
    return new StackConfig(db(knobs), broker(knobs), mocks(knobs), false);
  }

  private static DbConfig db(KnobSet knobs) {
    DbBinaries binaries = DbBinaries.valueOf(knobs.get(DbKnobs.BINARIES).name());
    return new DbConfig(0, binaries, knobs.serverSettings());
  }

  private static BrokerConfig broker(KnobSet knobs) {
    return new BrokerConfig(
        0,
        knobs.get(BrokerKnobs.PERSISTENCE),
        BrokerConfig.JournalType.valueOf(knobs.get(BrokerKnobs.JOURNAL_TYPE).name()),
        knobs.get(BrokerKnobs.SYNC_TRANSACTIONAL),
        knobs.get(BrokerKnobs.SYNC_NON_TRANSACTIONAL),
        knobs.get(BrokerKnobs.REDELIVERY_DELAY),
        knobs.get(BrokerKnobs.MAX_DELIVERY_ATTEMPTS),
        BrokerConfig.DEAD_LETTER_QUEUE,
        jvmFlags(knobs.get(BrokerKnobs.HEAP), knobs.get(BrokerKnobs.JVM_FLAGS)),
        knobs.get(BrokerKnobs.MAX_DISK_USAGE));
  }

  private static MocksConfig mocks(KnobSet knobs) {
    Map<Backend, MocksConfig.Mock> mocks = new EnumMap<>(Backend.class);
    for (Backend backend : Backend.values()) {
      MocksKnobs.BackendKnobs its = MocksKnobs.of(backend);
      mocks.put(
          backend,
          new MocksConfig.Mock(
              knobs.get(its.latency()),
              knobs.get(its.faultRate()),
              knobs.get(its.faultKind()),
              backend == Backend.BRM ? brmRepeats(knobs) : Map.of()));
    }
    return new MocksConfig(
        Map.of(),
        knobs.get(MocksKnobs.CONTAINER_THREADS),
        knobs.get(MocksKnobs.ASYNC_RESPONSES),
        mocks,
        jvmFlags(knobs.get(MocksKnobs.HEAP), ""));
  }

  /**
   * Lines of BRM's billing-care answers the knobs ask for, by the response files' section names.
   */
  public static Map<String, Integer> brmRepeats(KnobSet knobs) {
    return Map.of(
        MocksConfig.BRM_INVOICES, knobs.get(MocksKnobs.BRM_INVOICES),
        MocksConfig.BRM_USAGE_LINES, knobs.get(MocksKnobs.BRM_USAGE_LINES));
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
