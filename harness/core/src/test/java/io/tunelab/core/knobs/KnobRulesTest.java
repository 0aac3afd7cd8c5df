package io.tunelab.core.knobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import org.junit.jupiter.api.Test;

/** Each rule between knobs: it holds by default, breaks on its combination, and names the fix. */
class KnobRulesTest {
  private final KnobSet defaults = KnobSet.defaults();

  @Test
  void theDefaultsBreakNoRule() {
    assertThat(defaults.violations()).isEmpty();
    assertThat(KnobRegistry.standard().rules()).containsExactlyElementsOf(KnobRules.ALL);
  }

  @Test
  void usersBesideADrainNeedAHeldBatchAndAnInstanceThatAnswers() {
    KnobSet beside = defaults.with("workload.besideUsers", "2");
    assertThat(beside.violations()).as("the default mode holds a backlog").isEmpty();
    assertThat(beside.with("workload.mode", "rate").violations())
        .singleElement()
        .asString()
        .contains("workload.besideUsers=2 queries while a held batch drains")
        .contains("set workload.mode=backlog or workload.besideUsers=0");
    assertThat(beside.with("middleware.role", "async").violations())
        .singleElement()
        .asString()
        .contains("middleware.role=async opens no SOAP service");
    assertThat(defaults.with("middleware.role", "async").violations())
        .as("no users beside: no answering instance needed")
        .isEmpty();
  }

  @Test
  void xaWithoutPreparedTransactionsIsRefusedAndTheFixNamed() {
    KnobSet xa = defaults.with("middleware.transactions", "xa");

    assertThat(xa.violations())
        .singleElement()
        .asString()
        .contains("middleware.transactions=xa")
        .contains("db.server.max_prepared_transactions is 0")
        .contains("--set db.server.max_prepared_transactions=100");
    assertThat(xa.with("db.server.max_prepared_transactions", "10").violations()).isEmpty();
    assertThat(defaults.with("db.server.max_prepared_transactions", "0").violations()).isEmpty();
  }

  @Test
  void severalMiddlewareInstancesPoolsMustLeaveTheHarnessItsConnections() {
    KnobSet two = defaults.with("middleware.instances", "2");
    assertThat(two.violations()).as("2 x 10 of 100").isEmpty();

    assertThat(two.with("middleware.jdbc.poolSize", "46").violations())
        .singleElement()
        .asString()
        .contains("middleware.instances=2 opens 2 pools of middleware.jdbc.poolSize=46")
        .contains("(92), more than db.server.max_connections=100 less the harness's 10")
        .contains("raise db.server.max_connections");
    assertThat(two.with("middleware.jdbc.poolSize", "45").violations()).isEmpty();
    assertThat(defaults.with("middleware.jdbc.poolSize", "200").violations())
        .as("one instance: its pool is the middleware's own business, as before")
        .isEmpty();
  }

  @Test
  void aRolePerInstanceNamesEveryInstanceInOrder() {
    KnobSet split = defaults.with("middleware.role", "async, SYNC");
    assertThat(split.get(MiddlewareKnobs.ROLE))
        .containsExactly(MiddlewareKnobs.Role.ASYNC, MiddlewareKnobs.Role.SYNC);
    assertThat(split.changed()).containsEntry("middleware.role", "async,sync");
    assertThat(split.violations())
        .singleElement()
        .asString()
        .contains("middleware.role=async,sync names 2 instances but middleware.instances is 1")
        .contains("set middleware.instances=2, or give one role for all of them");
    assertThat(split.with("middleware.instances", "2").violations()).isEmpty();
    assertThat(defaults.with("middleware.role", "async").with("middleware.instances", "3"))
        .as("one role: every instance's")
        .satisfies(knobs -> assertThat(knobs.violations()).isEmpty());
    assertThatThrownBy(() -> defaults.with("middleware.role", "async,,sync"))
        .hasMessageContaining("middleware.role")
        .hasMessageContaining("one for each instance, comma-separated");
    assertThatThrownBy(() -> defaults.with("middleware.role", "async,both"))
        .hasMessageContaining("one of all, async, sync");
  }

  @Test
  void engineHostsAreTheEnginesSoAnotherCountIsRefused() {
    KnobSet hosts = defaults.with("workload.engineHosts", "10.0.0.5:1099,10.0.0.6:1099");
    assertThat(hosts.violations()).as("workload.engines at 1: the hosts' count").isEmpty();
    assertThat(hosts.with("workload.engines", "2").violations()).isEmpty();
    assertThat(hosts.with("workload.engines", "3").violations())
        .singleElement()
        .asString()
        .contains("workload.engineHosts names 2 engines but workload.engines is 3");
  }

  @Test
  void aYoungGenerationAsLargeAsTheHeapIsRefused() {
    KnobSet heap = defaults.with("middleware.jvm.heapMegabytes", "256");

    assertThat(heap.with("middleware.jvm.youngMegabytes", "256").violations())
        .singleElement()
        .asString()
        .contains("middleware.jvm.youngMegabytes (256) must be less than")
        .contains("middleware.jvm.heapMegabytes (256)");
    assertThat(heap.with("middleware.jvm.youngMegabytes", "255").violations()).isEmpty();
    // 0 lets the JVM size it, whatever the heap
    assertThat(heap.with("middleware.jvm.youngMegabytes", "0").violations()).isEmpty();
  }

  @Test
  void middlewareFlagsThatSetTheHeapOrAnotherCollectorAreRefusedAndTheKnobNamed() {
    assertThat(defaults.with("middleware.jvm.flags", "-Xss1m -Xms512m").violations())
        .singleElement()
        .asString()
        .contains("sets -Xms512m, which middleware.jvm.initialHeapMegabytes sets too")
        .contains("--set middleware.jvm.initialHeapMegabytes=");
    assertThat(defaults.with("middleware.jvm.flags", "-XX:MaxNewSize=64m").violations())
        .singleElement()
        .asString()
        .contains("middleware.jvm.youngMegabytes");
    assertThat(defaults.with("middleware.jvm.flags", "-XX:+UseParallelGC").violations())
        .singleElement()
        .asString()
        .contains("another collector (-XX:+UseParallelGC) than middleware.jvm.collector=g1");
    // the knob's own collector, and flags that touch neither, are fine
    assertThat(defaults.with("middleware.jvm.flags", "-XX:+UseG1GC -Xss1m -Dx=1").violations())
        .isEmpty();
    assertThat(
            defaults
                .with("middleware.jvm.collector", "parallel")
                .with("middleware.jvm.flags", "-XX:+UseParallelGC")
                .violations())
        .isEmpty();
  }

  @Test
  void brokerFlagsThatSetItsHeapOrAnInitialHeapAboveItAreRefused() {
    assertThat(defaults.with("broker.jvm.flags", "-Xmx2g").violations())
        .singleElement()
        .asString()
        .contains("broker.jvm.flags sets -Xmx2g, which broker.jvm.heapMegabytes sets too");
    assertThat(defaults.with("broker.jvm.flags", "-Xms2g").violations())
        .singleElement()
        .asString()
        .contains("initial heap (-Xms2g) above broker.jvm.heapMegabytes (1024 MB)");
    assertThat(defaults.with("broker.jvm.flags", "-Xms512m -XX:+UseParallelGC").violations())
        .isEmpty();
  }

  @Test
  void aMixOfZeroWeightsIsRefused() {
    assertThat(defaults.with("workload.mix", "0:0:0").violations())
        .singleElement()
        .asString()
        .contains("workload.mix is 0:0:0")
        .contains("1:1:1");
    assertThat(defaults.with("workload.mix", "00:0:000").violations()).hasSize(1);
    assertThat(defaults.with("workload.mix", "0:0:1").violations()).isEmpty();
  }

  @Test
  void theFetcherIntakeBreaksNoRuleOfItsOwn() {
    assertThat(defaults.with("middleware.intake", "fetcher").violations()).isEmpty();
  }

  @Test
  void everyBrokenRuleIsNamedAtOnce() {
    KnobSet twoBroken =
        defaults.with("middleware.transactions", "xa").with("workload.mix", "0:0:0");

    assertThat(twoBroken.violations()).hasSize(2);
    KnobRule[] all = KnobRules.ALL.toArray(KnobRule[]::new);
    assertThatThrownBy(() -> KnobRules.require(twoBroken, all))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("middleware.transactions=xa")
        .hasMessageContaining("workload.mix is 0:0:0");
    assertThatCode(() -> KnobRules.require(defaults, all)).doesNotThrowAnyException();
  }

  @Test
  void aTierCanAskForSomeRulesOnly() {
    KnobSet emptyMix = defaults.with("workload.mix", "0:0:0");

    KnobRules.require(emptyMix, KnobRules.XA_NEEDS_PREPARED_TRANSACTIONS);
    assertThatThrownBy(() -> KnobRules.require(emptyMix, KnobRules.MIX_HAS_A_WEIGHT))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("workload.mix is 0:0:0");
  }
}
