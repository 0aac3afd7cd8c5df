package io.tunelab.run.plans.batchorder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tunelab.core.measure.JtlRecord;
import io.tunelab.tiers.broker.BrokerConfig;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.broker.BrokerTier;
import io.tunelab.tiers.broker.QueueCounters;
import io.tunelab.tiers.jmeter.LoadRun;
import io.tunelab.tiers.jmeter.TestLoad;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientConsumer;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The backlog mode's hold on a real broker, with the load tier's JVM sending and a consumer
 * attached the whole time, as the middleware's intake is: nothing reaches the consumer before the
 * last order is enqueued, everything does after the release.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IntakeHoldIT {
  /** How far apart the load JVM's clock of its samples and this JVM's may be. */
  private static final long CLOCKS_APART_MILLIS = 50;

  private static final String QUEUE = OrderSender.INTAKE_QUEUE;
  private static final int ORDERS = 60;

  private BrokerTier broker;
  private ServerLocator locator;
  private ClientSessionFactory factory;

  @BeforeAll
  void start() throws Exception {
    BrokerConfig config =
        new BrokerConfig(
            0,
            true,
            BrokerConfig.JournalType.NIO,
            true,
            true,
            0,
            5,
            "DLQ",
            List.of("-Xms64m", "-Xmx256m"));
    broker = BrokerTier.start(config, freshDir("broker"), OptionalLong.empty());
    locator = ActiveMQClient.createServerLocator(broker.url());
    factory = locator.createSessionFactory();
  }

  @AfterAll
  void stop() {
    if (factory != null) {
      factory.close();
      locator.close();
    }
    if (broker != null) {
      broker.close();
    }
  }

  @Test
  void nothingReachesAConsumerBeforeTheLastOrderIsEnqueuedAndEverythingAfterTheRelease()
      throws Exception {
    List<Long> receivedAt = new CopyOnWriteArrayList<>();
    try (ClientSession session = factory.createSession(false, true, true);
        ClientConsumer consumer = session.createConsumer(QUEUE)) {
      consumer.setMessageHandler(
          message -> {
            receivedAt.add(System.currentTimeMillis());
            acknowledge(message);
          });
      session.start();
      try (IntakeHold hold = IntakeHold.hold(broker.url(), QUEUE)) {
        LoadRun run =
            TestLoad.shared().run(plan().loadPlan(), freshDir("load"), Duration.ofMinutes(2));
        assertThat(run.succeeded()).as("see %s", run.log()).isTrue();
        hold.awaitQueued(ORDERS, Duration.ofSeconds(30));
        long lastSendEnded =
            run.records().stream().mapToLong(JtlRecord::endMillis).max().orElseThrow();

        QueueCounters held = counters();
        assertThat(receivedAt).isEmpty();
        assertThat(held.messageCount()).isEqualTo(ORDERS);
        assertThat(held.deliveringCount()).isZero();
        assertThat(held.messagesAcknowledged()).isZero();
        assertThat(held.consumerCount()).isEqualTo(1);

        IntakeHold.Released released = hold.release();

        assertThat(released.queued()).isEqualTo(ORDERS);
        assertThat(released.deliveredWhileHeld()).isZero();
        await().atMost(Duration.ofSeconds(30)).until(() -> receivedAt.size() == ORDERS);
        long firstReceived = receivedAt.stream().mapToLong(Long::longValue).min().orElseThrow();
        // the release came after the last send in fact (the hold was released after the load
        // ended); the JTL's end times are JMeter's, start plus elapsed taken on its own clock in
        // the load JVM, which came out 5 ms after this JVM's receipt once, in a verify; the
        // release's time is this JVM's own, taken as the release is asked
        assertThat(firstReceived).isGreaterThanOrEqualTo(lastSendEnded - CLOCKS_APART_MILLIS);
        assertThat(firstReceived).isGreaterThanOrEqualTo(released.releasedAtMillis());
      }
    }
  }

  @Test
  void closingAHoldThatWasNeverReleasedResumesDelivery() throws Exception {
    try (BrokerManagement management = BrokerManagement.connect(broker.url())) {
      try (IntakeHold hold = IntakeHold.hold(broker.url(), QUEUE)) {
        assertThat(management.queuePaused(QUEUE)).isTrue();
      }
      assertThat(management.queuePaused(QUEUE)).isFalse();
    }
  }

  private QueueCounters counters() {
    try (BrokerManagement management = BrokerManagement.connect(broker.url())) {
      return management.queue(QUEUE);
    }
  }

  private BatchOrderPlan plan() {
    return new BatchOrderPlan(
        broker.url(), QUEUE, ORDERS, 2, 3, SizeMix.parse("1:1:1"), 50, 0, "hold1", true);
  }

  private static void acknowledge(org.apache.activemq.artemis.api.core.client.ClientMessage m) {
    try {
      m.acknowledge();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static Path freshDir(String name) throws IOException {
    Path dir = Path.of("target", "it", "intake-hold", name).toAbsolutePath();
    if (Files.exists(dir)) {
      try (var paths = Files.walk(dir)) {
        for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.delete(path);
        }
      }
    }
    return Files.createDirectories(dir);
  }
}
