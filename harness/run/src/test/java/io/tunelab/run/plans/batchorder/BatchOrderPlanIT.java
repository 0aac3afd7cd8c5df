package io.tunelab.run.plans.batchorder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.tunelab.core.BadInputException;
import io.tunelab.core.measure.JtlRecord;
import io.tunelab.tiers.TunelabHome;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.broker.BrokerTier;
import io.tunelab.tiers.jmeter.JmeterDashboard;
import io.tunelab.tiers.jmeter.JmeterServer;
import io.tunelab.tiers.jmeter.LoadItBroker;
import io.tunelab.tiers.jmeter.LoadPlan;
import io.tunelab.tiers.jmeter.LoadRun;
import io.tunelab.tiers.jmeter.LocalJmeter;
import io.tunelab.tiers.jmeter.QueuedOrder;
import io.tunelab.tiers.jmeter.SeededParties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** The batch-order plan run by the load tier's JVM against a real broker, read back from it. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BatchOrderPlanIT {
  private static final Duration TIMEOUT = Duration.ofMinutes(2);
  private static final int CUSTOMERS = 50;

  private BrokerTier broker;

  /** One load JVM for the class's runs, as an experiment has. */
  private JmeterServer runner;

  @BeforeAll
  void start() throws IOException {
    broker = LoadItBroker.start();
    runner = server(OptionalLong.of(ProcessHandle.current().pid()), "server");
  }

  @AfterAll
  void stop() {
    if (runner != null) {
      runner.close();
    }
    if (broker != null) {
      broker.close();
    }
  }

  private static JmeterServer server(OptionalLong owner, String name) throws IOException {
    return new JmeterServer(
        TunelabHome.locate(), LocalJmeter.DEFAULT_JVM_FLAGS, owner, freshDir(name));
  }

  private BatchOrderPlan plan(String queue, int orders, int threads, long seed, String mix) {
    return new BatchOrderPlan(
        broker.url(),
        queue,
        orders,
        threads,
        seed,
        SizeMix.parse(mix),
        CUSTOMERS,
        0,
        "r" + seed,
        true);
  }

  @Test
  void enqueuesExactlyTheOrdersOfTheBatchWithTheirPropertiesAndSizes() throws Exception {
    String queue = "tunelab.it.batch";
    BatchOrderPlan plan = plan(queue, 30, 3, 11, "1:1:1");

    LoadRun run = runner.run(plan.loadPlan(), freshDir("batch"), TIMEOUT, true);

    assertThat(run.succeeded()).as("exit status, see %s", run.log()).isTrue();
    try (BrokerManagement management = broker.management()) {
      assertThat(management.queue(queue).messagesAdded()).isEqualTo(30);
    }
    List<QueuedOrder> orders = QueuedOrder.drain(broker.url(), queue);
    assertThat(orders)
        .extracting(QueuedOrder::orderId)
        .containsExactlyElementsOf(LongStream.rangeClosed(1, 30).mapToObj(plan::orderId).toList());
    Map<String, Integer> lines = Map.of("small", 2, "medium", 10, "large", 40);
    Map<String, Integer> bytes = Map.of("small", 3_000, "medium", 12_000, "large", 45_000);
    for (QueuedOrder order : orders) {
      assertThat(order.durable()).as("persistent delivery").isTrue();
      assertThat(order.body()).contains("<OrderId>" + order.orderId() + "</OrderId>");
      assertThat(order.body()).contains("<SizeClass>" + order.sizeClass() + "</SizeClass>");
      assertThat(order.body()).contains("<EnqueuedAt>" + order.enqueuedAt() + "</EnqueuedAt>");
      assertThat(order.lineCount()).isEqualTo(lines.get(order.sizeClass()));
      assertThat(order.body()).hasSize(bytes.get(order.sizeClass()));
      assertThat(SeededParties.partyIds(CUSTOMERS)).contains(order.partyId());
    }
    assertThat(orders.stream().map(QueuedOrder::sizeClass).collect(Collectors.toSet()))
        .containsExactlyInAnyOrder("small", "medium", "large");
    assertThat(run.records())
        .extracting(r -> r.get("orderId"))
        .containsExactlyInAnyOrderElementsOf(orders.stream().map(QueuedOrder::orderId).toList());
    // one label per operation, as JMeter's dashboard and other JTL tools expect
    assertThat(run.records()).extracting(JtlRecord::label).containsOnly("publish");
    JmeterDashboard.assertReadsTheJtl(
        run.jtl().resolveSibling(LocalJmeter.DASHBOARD_DIR), run.records(), List.of("publish"));
    assertThat(run.records())
        .as("unpaced: no intended send times")
        .allSatisfy(record -> assertThat(record.intendedAtMillis()).isEmpty());
  }

  @Test
  void theSameSeedSendsTheSameOrdersAndAnotherSeedOthers() throws Exception {
    List<String> first = comparableBodies(plan("tunelab.it.seed", 12, 1, 5, "1:1:1"));
    List<String> again = comparableBodies(plan("tunelab.it.seed", 12, 2, 5, "1:1:1"));
    List<String> other = comparableBodies(plan("tunelab.it.seed", 12, 1, 6, "1:1:1"));

    assertThat(again).isEqualTo(first);
    assertThat(other).hasSameSizeAs(first).isNotEqualTo(first);
  }

  private List<String> comparableBodies(BatchOrderPlan plan) throws Exception {
    LoadRun run = runner.run(plan.loadPlan(), freshDir("seed-" + plan.runTag()), TIMEOUT);
    assertThat(run.succeeded()).as("exit status, see %s", run.log()).isTrue();
    return QueuedOrder.drain(broker.url(), plan.queue()).stream()
        .map(order -> order.comparableBody(plan.runTag()))
        .toList();
  }

  @Test
  void theMixDecidesTheSizesAndNonPersistentDeliveryReachesTheBroker() throws Exception {
    BatchOrderPlan mediumOnly =
        new BatchOrderPlan(
            broker.url(),
            "tunelab.it.mix",
            8,
            2,
            3,
            SizeMix.parse("0:1:0"),
            CUSTOMERS,
            100,
            "mix",
            false);

    LoadRun run = runner.run(mediumOnly.loadPlan(), freshDir("mix"), TIMEOUT);

    assertThat(run.succeeded()).as("exit status, see %s", run.log()).isTrue();
    List<QueuedOrder> orders = QueuedOrder.drain(broker.url(), "tunelab.it.mix");
    assertThat(orders).hasSize(8);
    assertThat(orders)
        .allSatisfy(
            order -> {
              assertThat(order.sizeClass()).isEqualTo("medium");
              assertThat(order.lineCount()).isEqualTo(10);
              assertThat(order.durable()).as("non-persistent delivery").isFalse();
              assertThat(order.partyId())
                  .startsWith("1-Nmix")
                  .isNotIn(SeededParties.partyIds(1000));
            });
    assertThat(run.records())
        .allSatisfy(
            record -> {
              assertThat(record.get("sizeClass")).isEqualTo("medium");
              assertThat(record.get("lineCount")).isEqualTo("10");
              assertThat(record.get("orderBytes")).isEqualTo("12000");
            });
  }

  @Test
  void aValueThePlanRefusesEndsTheRunWithItsReason() throws IOException {
    Map<String, String> properties =
        new LinkedHashMap<>(plan("tunelab.it.bad", 1, 1, 1, "1:1:1").properties());
    properties.put("orders", "0");
    LoadPlan plan = LoadPlan.of(BatchOrderPlan.FILE, properties);

    assertThatThrownBy(() -> runner.run(plan, freshDir("bad"), TIMEOUT))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("orders must be an integer 1..");
  }

  @Test
  void aPropertyThePlanDoesNotReadIsRefusedBeforeAnythingRuns() throws IOException {
    Map<String, String> properties =
        new LinkedHashMap<>(plan("tunelab.it.bad", 1, 1, 1, "1:1:1").properties());
    properties.put("thraeds", "8");
    LoadPlan plan = LoadPlan.of(BatchOrderPlan.FILE, properties);

    assertThatThrownBy(() -> runner.run(plan, freshDir("typo"), TIMEOUT))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("reads no property 'thraeds'")
        .hasMessageContaining("threads");
  }

  @Test
  void aMissingPlanIsRefused() throws IOException {
    Path missing = freshDir("missing").resolve("no-such-plan.jmx");

    assertThatThrownBy(
            () ->
                runner.run(
                    new LoadPlan(missing, Map.of(), List.of()), freshDir("missing"), TIMEOUT))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("no readable plan at " + missing);
  }

  @Test
  void oneLoadJvmRunsPlanAfterPlanAndOutlivesARefusedOne() throws Exception {
    Map<String, String> refused =
        new LinkedHashMap<>(plan("tunelab.it.serve", 1, 1, 1, "1:1:1").properties());
    refused.put("orders", "0");
    LoadRun first;
    LoadRun second;
    try (JmeterServer server = server(OptionalLong.empty(), "serve")) {
      first =
          server.run(
              plan("tunelab.it.serve", 7, 1, 21, "1:0:0").loadPlan(), freshDir("s1"), TIMEOUT);
      assertThatThrownBy(
              () ->
                  server.run(LoadPlan.of(BatchOrderPlan.FILE, refused), freshDir("s-bad"), TIMEOUT))
          .isInstanceOf(BadInputException.class)
          .hasMessageContaining("orders must be an integer 1..");
      second =
          server.run(
              plan("tunelab.it.serve", 5, 2, 22, "0:1:0").loadPlan(), freshDir("s2"), TIMEOUT);
      assertThat(server.started()).isEqualTo(1);
    }

    assertThat(first.succeeded()).as("exit status, see %s", first.log()).isTrue();
    assertThat(second.succeeded()).as("exit status, see %s", second.log()).isTrue();
    assertThat(first.records()).hasSize(7);
    assertThat(second.records()).hasSize(5);
    assertThat(QueuedOrder.drain(broker.url(), "tunelab.it.serve"))
        .extracting(QueuedOrder::sizeClass)
        .containsExactlyInAnyOrder(
            "small", "small", "small", "small", "small", "small", "small", "medium", "medium",
            "medium", "medium", "medium");
    assertThat(first.log()).content().contains("tunelab load: 7 samples");
    assertThat(first.jmeterLog()).isNotEmptyFile();
    assertThat(second.jmeterLog()).isNotEmptyFile();
  }

  @Test
  void aRunPastItsTimeoutKillsTheLoadJvmAndTheNextRunStartsAnother() throws Exception {
    BatchOrderPlan endless = endless("tunelab.it.timeout", "timeout");
    try (JmeterServer server = server(OptionalLong.empty(), "timeout")) {
      assertThatThrownBy(
              () -> server.run(endless.loadPlan(), freshDir("t1"), Duration.ofSeconds(5)))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("did not end within 5 s");
      LoadRun next =
          server.run(
              plan("tunelab.it.timeout2", 3, 1, 31, "1:0:0").loadPlan(), freshDir("t2"), TIMEOUT);

      assertThat(next.succeeded()).as("exit status, see %s", next.log()).isTrue();
      assertThat(next.records()).hasSize(3);
      assertThat(server.started()).isEqualTo(2);
    }
  }

  private BatchOrderPlan endless(String queue, String tag) {
    return new BatchOrderPlan(
        broker.url(), queue, 10_000_000, 1, 1, SizeMix.parse("1:0:0"), CUSTOMERS, 0, tag, false);
  }

  @Test
  void theLoadJvmEndsWhenItsOwnerDies() throws Exception {
    Process owner = new ProcessBuilder("sleep", "600").start();
    JmeterServer ownedBySleep = server(OptionalLong.of(owner.pid()), "owned");
    BatchOrderPlan endless = endless("tunelab.it.owner", "owner");
    Path dir = freshDir("owner");
    CompletableFuture<LoadRun> run =
        CompletableFuture.supplyAsync(() -> ownedBySleep.run(endless.loadPlan(), dir, TIMEOUT));
    try {
      await()
          .atMost(Duration.ofSeconds(60))
          .until(
              () ->
                  Files.exists(dir.resolve("results.jtl"))
                      && Files.size(dir.resolve("results.jtl")) > 0);

      owner.destroy();

      LoadRun ended = run.get(30, TimeUnit.SECONDS);
      assertThat(ended.exitCode()).isEqualTo(3);
      assertThat(Files.readString(ended.log()))
          .contains("owner process " + owner.pid() + " is gone");
    } finally {
      owner.destroyForcibly();
      ownedBySleep.close();
    }
  }

  private static Path freshDir(String name) throws IOException {
    return LoadItBroker.freshDir(name);
  }
}
