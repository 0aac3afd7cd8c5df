package io.tunelab.run.plans.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.Latency;
import io.tunelab.core.measure.JtlRecord;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.jmeter.JmeterDashboard;
import io.tunelab.tiers.jmeter.LoadRun;
import io.tunelab.tiers.jmeter.LocalJmeter;
import io.tunelab.tiers.jmeter.TestLoad;
import io.tunelab.tiers.middleware.FlowFixture;
import io.tunelab.tiers.middleware.MiddlewareTier;
import io.tunelab.tiers.mocks.MockCounts;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientProducer;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The messaging plan's clients (their own JMeter JVM) against the middleware's messaging server on
 * one real stack: every message sent is driven or failed, with its reason, and two-way messages are
 * answered on the reply queue; the messaging knobs read back from the broker and the middleware.
 */
class MessagingIT {
  private static final Path DIR = Path.of("target/messaging-it");
  private static final Duration RUN_TIMEOUT = Duration.ofMinutes(2);

  private static FlowFixture fixture;

  @BeforeAll
  static void startStack() {
    fixture = FlowFixture.shared();
  }

  @BeforeEach
  void cleanSlate() {
    fixture.reset();
  }

  @Test
  void oneWayMessagesOverTwoQueuesAreEachLoggedAndDrivenOnceByTheirDequeueThreads()
      throws IOException {
    KnobSet knobs =
        KnobSet.defaults()
            .with("middleware.messaging.queues", "2")
            .with("middleware.messaging.dequeueThreads", "3");
    MessagingPlan plan = MessagingPlan.oneWay(fixture.endpoints.broker(), 60, 4, 2).tagged("ow1");
    LoadRun run;
    try (MiddlewareTier middleware = fixture.middleware(knobs, "one-way")) {
      Map<String, Integer> consumers = consumers();
      assertThat(consumers)
          .containsEntry("tunelab.messages.1", 3)
          .containsEntry("tunelab.messages.2", 3);
      run = TestLoad.shared().run(plan.loadPlan(), DIR.resolve("one-way"), RUN_TIMEOUT, true);
      awaitFinished(60);
      JsonNode status = middleware.status().path("messaging");
      assertThat(status.path("received").asLong()).isEqualTo(60);
      assertThat(status.path("persistent").asLong()).isEqualTo(60);
      assertThat(status.path("driven").asLong()).isEqualTo(60);
      assertThat(status.path("consumerWindowBytes").asInt()).isEqualTo(1024 * 1024);
    }

    assertThat(run.succeeded()).as("load run, see %s", run.log()).isTrue();
    List<JtlRecord> samples = run.records();
    assertThat(samples).hasSize(60).allMatch(JtlRecord::success);
    assertThat(samples.stream().map(s -> s.get("messageId")).distinct())
        .containsExactlyInAnyOrderElementsOf(
            java.util.stream.LongStream.rangeClosed(1, 60).mapToObj(plan::messageId).toList());
    JmeterDashboard.assertReadsTheJtl(
        run.jtl().resolveSibling(LocalJmeter.DASHBOARD_DIR), samples, List.of("send"));
    assertThat(fixture.count("SELECT count(DISTINCT client_message_id) FROM message_log"))
        .isEqualTo(60);
    assertThat(statusCounts()).isEqualTo(Map.of("RECEIVED", 60L, "DRIVEN", 60L));
    // Client affinity: 4 threads over 2 queues, so both queues carried messages.
    assertThat(fixture.strings("SELECT DISTINCT queue_name FROM message_log ORDER BY 1"))
        .containsExactly("tunelab.messages.1", "tunelab.messages.2");
    assertThat(fixture.count("SELECT count(*) FROM message_log WHERE sent_at IS NULL")).isZero();
    MockCounts driver = fixture.driver().counts();
    assertThat(driver.operation("DriveDevice").count()).isEqualTo(60);
  }

  @Test
  void twoWayMessagesAreAnsweredOnTheirReplyQueueAndDriverFaultsAreFailedWithTheirReason()
      throws IOException {
    fixture.driver().setFaultRate(0.25);
    KnobSet knobs = KnobSet.defaults().with("middleware.invoke.retries", "0");
    for (MessagingPlan.ReplyQueue reply : MessagingPlan.ReplyQueue.values()) {
      fixture.reset();
      fixture.driver().setFaultRate(0.25);
      MessagingPlan plan =
          MessagingPlan.oneWay(fixture.endpoints.broker(), 40, 2, 1)
              .twoWay(reply)
              .tagged("tw" + reply.ordinal());
      LoadRun run;
      ReplyQueueWatch.Seen seen;
      List<String> replyQueues = new ArrayList<>();
      try (MiddlewareTier middleware = fixture.middleware(knobs, "two-way-" + reply)) {
        try (ReplyQueueWatch watch =
            ReplyQueueWatch.start(
                fixture.endpoints,
                () -> texts(middleware.status().path("messaging").path("replyQueues")),
                Duration.ofMillis(100))) {
          run =
              TestLoad.shared().run(plan.loadPlan(), DIR.resolve("two-way-" + reply), RUN_TIMEOUT);
          seen = watch.seen();
        }
        awaitFinished(40);
        replyQueues.addAll(texts(middleware.status().path("messaging").path("replyQueues")));
      }

      // the reply queues as the server answered on them and the broker counted their consumers:
      // one shared queue both clients receive from, or a temporary queue per client
      if (reply == MessagingPlan.ReplyQueue.SHARED) {
        assertThat(replyQueues).containsExactly("tunelab.replies");
        assertThat(seen).isEqualTo(new ReplyQueueWatch.Seen(1, 2));
      } else {
        assertThat(replyQueues).hasSize(2).doesNotContain("tunelab.replies");
        assertThat(seen).isEqualTo(new ReplyQueueWatch.Seen(2, 2));
      }

      assertThat(run.records()).as(reply + " samples, see %s", run.log()).hasSize(40);
      assertThat(run.records()).extracting(JtlRecord::label).containsOnly("request-reply");
      Map<Boolean, Long> bySuccess =
          run.records().stream()
              .collect(Collectors.partitioningBy(JtlRecord::success, Collectors.counting()));
      Map<String, Long> statuses = statusCounts();
      long failed = statuses.getOrDefault("FAILED", 0L);
      // sent = replied + failed, and the clients saw the same split in their replies
      assertThat(statuses.getOrDefault("REPLIED", 0L) + failed).as(reply.name()).isEqualTo(40);
      assertThat(statuses.get("DRIVEN")).isEqualTo(statuses.get("REPLIED"));
      assertThat(bySuccess.get(false)).as(reply + " failed samples").isEqualTo(failed);
      assertThat(failed).as("a quarter of 40 fail, give or take").isBetween(2L, 25L);
      assertThat(
              fixture.strings("SELECT DISTINCT reason FROM message_status WHERE status = 'FAILED'"))
          .allMatch(reason -> reason.contains("driver DriveDevice failed"));
    }
  }

  @Test
  void strictOrderMakesTheQueueExclusiveAndFirstNavigationTurnsPrefetchOff() {
    KnobSet knobs =
        KnobSet.defaults()
            .with("middleware.messaging.dequeueThreads", "2")
            .with("middleware.messaging.exclusive", "on")
            .with("middleware.messaging.navigation", "first");
    try (MiddlewareTier middleware = fixture.middleware(knobs, "strict")) {
      try (BrokerManagement broker = BrokerManagement.connect(fixture.endpoints.broker())) {
        assertThat(broker.queueAttribute("tunelab.messages.1", "Exclusive")).isEqualTo(true);
      }
      assertThat(middleware.status().path("messaging").path("consumerWindowBytes").asInt())
          .isZero();
    }
    try (MiddlewareTier middleware = fixture.middleware(KnobSet.defaults(), "relaxed")) {
      try (BrokerManagement broker = BrokerManagement.connect(fixture.endpoints.broker())) {
        assertThat(broker.queueAttribute("tunelab.messages.1", "Exclusive")).isEqualTo(false);
      }
    }
  }

  /**
   * Navigation as the broker sees it: with {@code first} (window 0) the server's one dequeue thread
   * takes one message at a time, so the queue's messages stay on the broker; with {@code next} the
   * consumer prefetches them, and the broker counts them as delivering. In both, ten urgent
   * messages sent after thirty ordinary ones are driven before most of them: Artemis orders its
   * client's prefetch buffer by priority too, so on one consumer prefetch costs no priority order.
   */
  @Test
  void firstNavigationLeavesTheQueueOnTheBrokerNextPrefetchesItAndPriorityHoldsInBoth()
      throws Exception {
    for (String navigation : List.of("first", "next")) {
      fixture.reset();
      fixture.driver().setLatency(new Latency.Fixed(20));
      KnobSet knobs = KnobSet.defaults().with("middleware.messaging.navigation", navigation);
      try (MiddlewareTier middleware = fixture.middleware(knobs, "navigation-" + navigation);
          BrokerManagement broker = BrokerManagement.connect(fixture.endpoints.broker())) {
        sendCore(navigation + "-low-", 30, 0);
        await()
            .atMost(Duration.ofSeconds(10))
            .until(() -> fixture.count("SELECT count(*) FROM message_log") >= 1);
        sendCore(navigation + "-high-", 10, 9);
        Callable<Long> delivering = () -> broker.queue("tunelab.messages.1").deliveringCount();
        if (navigation.equals("first")) {
          // window 0: never more than the one message in hand, over 200 ms of the drain
          await()
              .during(Duration.ofMillis(200))
              .atMost(Duration.ofSeconds(2))
              .until(delivering, n -> n <= 2);
        } else {
          // prefetched by the consumer: the broker counts them as delivering
          await().atMost(Duration.ofSeconds(2)).until(delivering, n -> n >= 20);
        }
        awaitFinished(40);
      }

      List<String> order =
          fixture.strings("SELECT client_message_id FROM message_log ORDER BY message_id");
      List<Integer> highAt = new ArrayList<>();
      for (int i = 0; i < order.size(); i++) {
        if (order.get(i).contains("-high-")) {
          highAt.add(i + 1);
        }
      }
      assertThat(order).as(navigation).hasSize(40);
      assertThat(highAt).as(navigation + ": where the urgent ones were driven").hasSize(10);
      assertThat(highAt.get(9)).as(navigation + ": the last urgent one").isLessThan(30);
    }
  }

  /** Sends {@code count} persistent messages to the first messaging queue at one priority. */
  private static void sendCore(String prefix, int count, int priority) throws Exception {
    ServerLocator locator =
        ActiveMQClient.createServerLocator(fixture.endpoints.broker()).setCallTimeout(10_000);
    try (locator;
        ClientSessionFactory factory = locator.createSessionFactory();
        ClientSession session = factory.createSession(false, true, true);
        ClientProducer producer = session.createProducer("tunelab.messages.1")) {
      for (int n = 1; n <= count; n++) {
        ClientMessage message = session.createMessage(true);
        message.setPriority((byte) priority);
        message.setTimestamp(System.currentTimeMillis());
        message.putStringProperty("clientMessageId", prefix + n);
        message.putStringProperty("deviceId", "DEV-1");
        producer.send(message);
      }
    }
  }

  @Test
  void persistenceIsCountedByTheBrokerWhileHeldAndByTheServerWhenReceived() throws IOException {
    fixture.driver().setLatency(Latency.NONE);
    MessagingPlan nonPersistent =
        MessagingPlan.oneWay(fixture.endpoints.broker(), 20, 1, 1).persistent(false).tagged("np1");
    MessagingPlan persistent =
        MessagingPlan.oneWay(fixture.endpoints.broker(), 20, 1, 1).tagged("p1");
    try (MiddlewareTier middleware = fixture.middleware(KnobSet.defaults(), "persistence");
        BrokerManagement broker = BrokerManagement.connect(fixture.endpoints.broker())) {
      broker.pauseQueue("tunelab.messages.1");
      try {
        LoadRun run =
            TestLoad.shared().run(nonPersistent.loadPlan(), DIR.resolve("np"), RUN_TIMEOUT);
        assertThat(run.succeeded()).as("load run, see %s", run.log()).isTrue();
        // held on the paused queue: the broker keeps none of them in its journal
        await().atMost(Duration.ofSeconds(10)).until(() -> counter(broker, "MessageCount") == 20);
        assertThat(counter(broker, "DurableMessageCount")).isZero();
        run = TestLoad.shared().run(persistent.loadPlan(), DIR.resolve("p"), RUN_TIMEOUT);
        assertThat(run.succeeded()).as("load run, see %s", run.log()).isTrue();
        assertThat(counter(broker, "MessageCount")).isEqualTo(40);
        assertThat(counter(broker, "DurableMessageCount")).isEqualTo(20);
      } finally {
        broker.resumeQueue("tunelab.messages.1");
      }
      awaitFinished(40);
      JsonNode status = middleware.status().path("messaging");
      assertThat(status.path("nonPersistent").asLong()).isEqualTo(20);
      assertThat(status.path("persistent").asLong()).isEqualTo(20);
    }
  }

  private static long counter(BrokerManagement broker, String attribute) {
    return ((Number) broker.queueAttribute("tunelab.messages.1", attribute)).longValue();
  }

  private static void awaitFinished(int messages) {
    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(250))
        .until(
            () ->
                fixture.count(
                        "SELECT count(*) FROM message_status WHERE status IN ('DRIVEN', 'FAILED')")
                    >= messages);
  }

  private static List<String> texts(JsonNode array) {
    List<String> texts = new ArrayList<>();
    array.forEach(node -> texts.add(node.asText()));
    return texts;
  }

  private static Map<String, Long> statusCounts() {
    Map<String, Long> counts = new java.util.TreeMap<>();
    fixture.query(
        "SELECT status, count(*) FROM message_status GROUP BY status",
        rows -> counts.put(rows.getString(1), rows.getLong(2)));
    return counts;
  }

  private static Map<String, Integer> consumers() {
    Map<String, Integer> consumers = new java.util.HashMap<>();
    try (BrokerManagement broker = BrokerManagement.connect(fixture.endpoints.broker())) {
      broker.queues().forEach((name, queue) -> consumers.put(name, queue.consumerCount()));
    }
    return consumers;
  }

  /**
   * A drain counts the finished messages several times a second inside the measured window: on one
   * backend for all its counts (a backend per count was CPU in the database's cost per message),
   * and on another after the database ended that one.
   */
  @Test
  void finishedMessagesAreCountedOnOneBackendThatIsReplacedWhenTheDatabaseEndsIt() {
    fixture.update(
        "INSERT INTO message_log (message_id, client_message_id, queue_name, body) VALUES"
            + " (9001, 'MSG-fin-1', 'q', ''), (9002, 'MSG-fin-2', 'q', ''),"
            + " (9003, 'MSG-other-1', 'q', '')");
    fixture.update(
        "INSERT INTO message_status (message_id, status) VALUES (9001, 'DRIVEN'),"
            + " (9002, 'RECEIVED'), (9003, 'FAILED')");
    String counter =
        "SELECT pid FROM pg_stat_activity WHERE query LIKE 'SELECT count(*) FROM message_status%'";
    try (FinishedMessages finished = new FinishedMessages(fixture.endpoints, "MSG-fin-")) {
      assertThat(finished.count()).isEqualTo(1);
      long first = fixture.count(counter);
      fixture.update("UPDATE message_status SET status = 'FAILED' WHERE message_id = 9002");
      assertThat(finished.count()).isEqualTo(2);
      assertThat(finished.count()).isEqualTo(2);
      assertThat(fixture.count(counter)).as("the same backend").isEqualTo(first);

      fixture.count("SELECT count(pg_terminate_backend(" + first + "))");
      assertThat(finished.count()).as("asked again on a new connection").isEqualTo(2);
      assertThat(fixture.count(counter)).as("a new backend").isNotEqualTo(first);
    } finally {
      fixture.update("DELETE FROM message_status WHERE message_id BETWEEN 9001 AND 9003");
      fixture.update("DELETE FROM message_log WHERE message_id BETWEEN 9001 AND 9003");
    }
  }
}
