package io.tunelab.core.knobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every knob that could trade durability for speed says so (its values that do, which a tuner tries
 * only with --allow-durability), or is reviewed here as one that does not: a new knob whose name or
 * doc speaks of persistence, syncs, journals, commits, WAL, delivery or transactions fails until it
 * is one or the other. Here, not in the core, so that the plans' rooms' knobs ({@link KnobSource})
 * are judged too.
 */
class KnobDurabilityTest {
  private static final Pattern SPEAKS_OF_DURABILITY =
      Pattern.compile(
          "(?i)persist|fsync|sync|journal|durab|\\bwal\\b|commit|deliver|transaction|lost|crash");

  /** Knobs that speak of it and do not trade it, each with why. */
  private static final Map<String, String> REVIEWED =
      Map.ofEntries(
          Map.entry("db.server.max_wal_size", "checkpoint spacing: recovery replays more WAL"),
          Map.entry("db.server.max_prepared_transactions", "capacity for two-phase commits"),
          Map.entry("db.sequence.cache", "ids may skip after a crash; no row is lost"),
          Map.entry("db.purge", "before a run, on tunelab's own data"),
          Map.entry("broker.journal.type", "both journals sync as asked"),
          Map.entry("broker.redelivery.delayMillis", "when a rolled-back message comes again"),
          Map.entry("broker.redelivery.maxAttempts", "then the dead-letter queue keeps it"),
          Map.entry("broker.maxDiskUsagePercent", "blocks producers; loses nothing"),
          Map.entry("mocks.asyncResponses", "the simulated back-ends' threads"),
          Map.entry(
              "middleware.transactions",
              "local may lose a stage's database rows between its two commits, never an order or a"
                  + " message: atomicity, which the transaction study measures"),
          Map.entry("middleware.engine.threads", "how many threads"),
          Map.entry(
              "middleware.role", "which flows a JVM serves; the others' work waits on its queue"),
          Map.entry("middleware.messaging.dequeueThreads", "how many threads"),
          Map.entry("middleware.sort.serverThreads", "how many threads"),
          Map.entry("workload.mode", "how the load arrives"),
          Map.entry("workload.besideUsers", "what the load asks beside the orders"),
          Map.entry("workload.newCustomerPercent", "what the load asks"),
          Map.entry("workload.drainTimeoutSeconds", "how long the harness waits"),
          Map.entry("workload.crash", "a fault the experiment asks for, not a tuning"),
          Map.entry("workload.crashAtPercent", "a fault the experiment asks for, not a tuning"));

  @Test
  void everyKnobThatSpeaksOfDurabilityTradesItAtSomeValueOrIsReviewed() {
    List<String> unclassified = new ArrayList<>();
    for (Knob<?> knob : KnobRegistry.standard().all()) {
      boolean speaks = SPEAKS_OF_DURABILITY.matcher(knob.name() + " " + knob.doc()).find();
      if (speaks && knob.tradesDurabilityAt().isEmpty() && !REVIEWED.containsKey(knob.name())) {
        unclassified.add(knob.name() + ": " + knob.doc());
      }
    }
    assertThat(unclassified)
        .as("knobs to mark with tradesDurabilityAt(...) or to review in this test")
        .isEmpty();
  }

  @Test
  void aReviewedKnobExistsAndTradesNothing() {
    for (String name : REVIEWED.keySet()) {
      assertThat(KnobRegistry.standard().all())
          .as(name)
          .anySatisfy(
              knob -> {
                assertThat(knob.name()).isEqualTo(name);
                assertThat(knob.tradesDurabilityAt()).isEmpty();
              });
    }
  }

  @Test
  void aConfigurationSaysWhichOfItsValuesTradeDurability() {
    KnobSet defaults = KnobSet.defaults();
    KnobSet fast =
        defaults
            .with("middleware.messages.persistent", "off")
            .with("db.server.synchronous_commit", "off");

    assertThat(defaults.durabilityTraded()).isEmpty();
    assertThat(fast.durabilityTraded())
        .containsExactly("db.server.synchronous_commit=off", "middleware.messages.persistent=off");
  }

  @Test
  void theStudiesDurabilityKnobsTradeItAtTheirFastValue() {
    assertThat(DbKnobs.FSYNC.tradesDurability(false)).isTrue();
    assertThat(DbKnobs.FSYNC.tradesDurability(true)).isFalse();
    assertThat(BrokerKnobs.PERSISTENCE.tradesDurabilityAt()).containsExactly("off");
    assertThat(MiddlewareKnobs.DELIVERY_POLICY.tradesDurabilityAt()).containsExactly("async.cache");
    assertThat(MiddlewareKnobs.INSTANCE_PERSISTENCE.tradesDurabilityAt()).containsExactly("off");
  }
}
