package io.tunelab.run.plans.batchorder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import io.tunelab.core.measure.JtlRecord;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.broker.BrokerTier;
import io.tunelab.tiers.jmeter.LoadGenerator;
import io.tunelab.tiers.jmeter.LoadItBroker;
import io.tunelab.tiers.jmeter.LoadPlan;
import io.tunelab.tiers.jmeter.LoadRun;
import io.tunelab.tiers.jmeter.QueuedOrder;
import io.tunelab.tiers.jmeter.TestLoad;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The batch-order plan on two JMeter engines in JMeter's distributed mode, the load JVM their
 * controller, against a real broker: every order sent once over both, the same orders one engine
 * sends, all of them in the controller's one JTL.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DistributedLoadIT {
  private static final Duration TIMEOUT = Duration.ofMinutes(2);
  private static final int CUSTOMERS = 50;

  private BrokerTier broker;

  @BeforeAll
  void start() throws IOException {
    broker = LoadItBroker.start();
  }

  @AfterAll
  void stop() {
    if (broker != null) {
      broker.close();
    }
  }

  private BatchOrderPlan plan(String queue, int orders, long seed) {
    return new BatchOrderPlan(
        broker.url(),
        queue,
        orders,
        2,
        seed,
        SizeMix.parse("1:1:1"),
        CUSTOMERS,
        0,
        "d" + seed,
        true);
  }

  @Test
  void twoEnginesSendEveryOrderOnceAndTheControllersJtlHoldsThemAll() throws Exception {
    String queue = "tunelab.it.engines";
    BatchOrderPlan plan = plan(queue, 31, 21); // odd: the engines' shares differ by one

    LoadRun run = TestLoad.onEngines(2).run(plan.loadPlan(), LoadItBroker.freshDir("two"), TIMEOUT);

    assertThat(run.succeeded()).as("exit status, see %s", run.log()).isTrue();
    try (BrokerManagement management = broker.management()) {
      assertThat(management.queue(queue).messagesAdded()).as("sent once each").isEqualTo(31);
    }
    List<QueuedOrder> orders = QueuedOrder.drain(broker.url(), queue);
    assertThat(orders)
        .extracting(QueuedOrder::orderId)
        .containsExactlyInAnyOrderElementsOf(
            LongStream.rangeClosed(1, 31).mapToObj(plan::orderId).toList());
    assertThat(run.records())
        .extracting(r -> r.get("orderId"))
        .containsExactlyInAnyOrderElementsOf(orders.stream().map(QueuedOrder::orderId).toList());
    Map<String, Long> byEngine =
        run.records().stream()
            .collect(Collectors.groupingBy(r -> r.engine().orElseThrow(), Collectors.counting()));
    assertThat(byEngine).as("JMeter names each engine's threads after it").hasSize(2);
    assertThat(byEngine.values()).containsExactlyInAnyOrder(16L, 15L);
    assertThat(run.records()).extracting(JtlRecord::label).containsOnly("publish");

    String single = "tunelab.it.engines.one";
    LoadRun one =
        TestLoad.shared()
            .run(plan.loadPlan().with("queue", single), LoadItBroker.freshDir("one"), TIMEOUT);
    assertThat(one.succeeded()).as("exit status, see %s", one.log()).isTrue();
    assertThat(comparable(QueuedOrder.drain(broker.url(), single), plan))
        .as("the orders one engine sends")
        .isEqualTo(comparable(orders, plan));
  }

  @Test
  void aValueThePlanRefusesOnTheEnginesIsBadInputWithItsReason() throws IOException {
    Map<String, String> properties =
        new LinkedHashMap<>(plan("tunelab.it.engines.bad", 1, 1).loadPlan().properties());
    properties.put("orders", "0");
    LoadPlan bad = LoadPlan.of(BatchOrderPlan.FILE, properties);

    assertThatThrownBy(() -> TestLoad.onEngines(2).run(bad, LoadItBroker.freshDir("bad"), TIMEOUT))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("orders must be an integer 1..");
  }

  @Test
  void theBackendListenerSendsEachEnginesSamplerMetricsToInfluxdb() throws Exception {
    List<String> writes = new java.util.concurrent.CopyOnWriteArrayList<>();
    com.sun.net.httpserver.HttpServer influxdb =
        com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
    influxdb.createContext(
        "/write",
        exchange -> {
          writes.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
          exchange.sendResponseHeaders(204, -1);
          exchange.close();
        });
    influxdb.start();
    try {
      String url = "http://127.0.0.1:" + influxdb.getAddress().getPort() + "/write?db=jmeter";
      LoadRun run =
          TestLoad.configured(2, url, "it-influx/two")
              .run(
                  plan("tunelab.it.engines.influx", 12, 3).loadPlan(),
                  LoadItBroker.freshDir("influx"),
                  TIMEOUT);

      assertThat(run.succeeded()).as("exit status, see %s", run.log()).isTrue();
      String lines = String.join("\n", writes);
      assertThat(lines)
          .as("JMeter's InfluxDB line protocol, from the engines")
          .contains("jmeter,application=it-influx/two,transaction=publish")
          .contains("jmeter,application=it-influx/two,transaction=all");
      QueuedOrder.drain(broker.url(), "tunelab.it.engines.influx");
    } finally {
      influxdb.stop(0);
    }
  }

  @Test
  void anEngineThatDiesMidRunFailsTheLoadRunInsteadOfHangingIt() throws Exception {
    LoadGenerator two = TestLoad.onEngines(2);
    // 300 orders due at 600/min: the run would last 30 s; engine 2 is killed after its first ones
    BatchOrderPlan plan =
        new BatchOrderPlan(
            broker.url(),
            "tunelab.it.engines.dies",
            300,
            2,
            5,
            SizeMix.parse("1:0:0"),
            CUSTOMERS,
            0,
            "dies",
            true,
            600,
            null);
    java.util.concurrent.CompletableFuture<LoadRun> run =
        java.util.concurrent.CompletableFuture.supplyAsync(
            () -> two.run(plan.loadPlan(), freshDirQuietly("dies"), TIMEOUT));
    try (BrokerManagement management = broker.management()) {
      // the run is under way on both engines once their first orders reached the broker
      org.awaitility.Awaitility.await()
          .atMost(Duration.ofSeconds(30))
          .ignoreException(IllegalArgumentException.class) // no queue before the first send
          .until(() -> management.queue("tunelab.it.engines.dies").messagesAdded() >= 10);
    }
    ProcessHandle engine2 =
        ProcessHandle.current()
            .descendants()
            .filter(
                p ->
                    p.info().commandLine().orElse("").contains(" engine ")
                        && p.info().commandLine().orElse("").contains("--index 2"))
            .findFirst()
            .orElseThrow();
    long killedAt = System.nanoTime();
    engine2.destroyForcibly();

    LoadRun failed = run.get(60, java.util.concurrent.TimeUnit.SECONDS);

    assertThat(failed.succeeded()).isFalse();
    assertThat(Duration.ofNanos(System.nanoTime() - killedAt))
        .as("within the controller's checks, not the schedule's 30 s")
        .isLessThan(Duration.ofSeconds(20));
    assertThat(java.nio.file.Files.readString(failed.log())).contains("stopped answering");
    QueuedOrder.drain(broker.url(), "tunelab.it.engines.dies");

    // the controller's JMeter kept the aborted run's JTL open and its engines' count: the next
    // run, here in the load JVM alone, must still write a whole JTL
    LoadRun after =
        TestLoad.shared()
            .run(
                plan("tunelab.it.engines.after", 10, 9).loadPlan(),
                LoadItBroker.freshDir("after"),
                TIMEOUT);
    assertThat(after.succeeded()).as("exit status, see %s", after.log()).isTrue();
    assertThat(after.records()).hasSize(10);
    QueuedOrder.drain(broker.url(), "tunelab.it.engines.after");
  }

  private static java.nio.file.Path freshDirQuietly(String name) {
    try {
      return LoadItBroker.freshDir(name);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static List<String> comparable(List<QueuedOrder> orders, BatchOrderPlan plan) {
    return orders.stream()
        .sorted(Comparator.comparingLong(QueuedOrder::number))
        .map(order -> order.comparableBody(plan.runTag()))
        .toList();
  }
}
