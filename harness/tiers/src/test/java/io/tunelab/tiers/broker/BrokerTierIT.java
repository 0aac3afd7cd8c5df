package io.tunelab.tiers.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunelab.core.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.client.ClientConsumer;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** One persistent broker with non-default settings, started once for the class. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BrokerTierIT {
  private static final long REDELIVERY_DELAY_MILLIS = 300;
  private static final int MAX_DELIVERY_ATTEMPTS = 3;
  private static final int MAX_DISK_USAGE = 97;

  private BrokerTier broker;
  private BrokerManagement management;

  @BeforeAll
  void start() throws Exception {
    BrokerConfig config =
        new BrokerConfig(
            0,
            true,
            BrokerConfig.JournalType.ASYNCIO,
            true,
            false,
            REDELIVERY_DELAY_MILLIS,
            MAX_DELIVERY_ATTEMPTS,
            "DLQ",
            List.of("-Xms64m", "-Xmx256m"),
            MAX_DISK_USAGE);
    broker = BrokerTier.start(config, BrokerTests.freshDir("tier"), OptionalLong.empty());
    System.out.printf("broker cold start: %d ms%n", broker.startTime().toMillis());
    management = broker.management();
  }

  @AfterAll
  void stop() {
    if (management != null) {
      management.close();
    }
    if (broker != null) {
      broker.close();
    }
  }

  @Test
  void carriesAPersistentMessageOnTheIntakeQueue() throws Exception {
    QueueCounters before = management.queue("tunelab.intake");
    String body = "order " + UUID.randomUUID();

    try (CoreMessages client = new CoreMessages(broker.url())) {
      client.sendPersistent("tunelab.intake", body);
      assertThat(client.receive("tunelab.intake", 10_000)).contains(body);
    }

    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () -> {
              QueueCounters after = management.queue("tunelab.intake");
              assertThat(after.messagesAdded()).isEqualTo(before.messagesAdded() + 1);
              assertThat(after.messagesAcknowledged()).isEqualTo(before.messagesAcknowledged() + 1);
              assertThat(after.messageCount()).isZero();
            });
  }

  @Test
  void reportsTheStorageSettingsItWasStartedWith() {
    BrokerAttributes attributes = management.attributes();

    assertThat(attributes.persistenceEnabled()).isTrue();
    assertThat(attributes.journalSyncTransactional()).isTrue();
    assertThat(attributes.journalSyncNonTransactional()).isFalse();
    // broker.maxDiskUsagePercent reached the broker: its management reports the limit it applies
    assertThat(attributes.maxDiskUsage()).isEqualTo(MAX_DISK_USAGE);
    assertThat(attributes.diskStoreUsage()).isBetween(0.0, 1.0);
    assertThat(broker.version()).isEqualTo(attributes.version()).startsWith("2.56");
  }

  @Test
  void writesTheAsyncioJournalWhenLibaioIsInstalled() throws Exception {
    Assumptions.assumeTrue(
        Files.exists(Path.of("/lib/x86_64-linux-gnu/libaio.so.1")),
        "libaio1 is not installed: ASYNCIO cannot be in effect");

    assertThat(broker.effectiveJournalType()).contains(BrokerConfig.JournalType.ASYNCIO);
    assertThat(Files.readString(broker.log()))
        .contains("journal in effect: ASYNCIO (asked ASYNCIO)");
  }

  @Test
  void appliesRedeliveryDelayAndMaxDeliveryAttemptsToEveryAddress() {
    JsonNode settings = management.addressSettings("tunelab.orchestration");

    assertThat(settings.path("redeliveryDelay").asLong()).isEqualTo(REDELIVERY_DELAY_MILLIS);
    assertThat(settings.path("maxDeliveryAttempts").asInt()).isEqualTo(MAX_DELIVERY_ATTEMPTS);
    assertThat(settings.path("deadLetterAddress").asText()).isEqualTo("DLQ");
  }

  @Test
  void sendsAPoisonMessageToTheDeadLetterQueueAfterItsLastAttempt() throws Exception {
    String queue = "tunelab.orchestration";
    String body = "poison " + UUID.randomUUID();
    List<Long> deliveredAtNanos = new ArrayList<>();
    try (CoreMessages client = new CoreMessages(broker.url())) {
      client.sendPersistent(queue, body);
      try (ClientSession session = client.transactedSession();
          ClientConsumer consumer = session.createConsumer(queue)) {
        for (int attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
          ClientMessage message = consumer.receive(10_000);
          assertThat(message).as("delivery %d", attempt).isNotNull();
          assertThat(message.getDeliveryCount()).isEqualTo(attempt);
          deliveredAtNanos.add(System.nanoTime());
          message.acknowledge();
          session.rollback();
        }
      }
      assertThat(client.receive("DLQ", 10_000)).contains(body);
    }

    for (int i = 1; i < deliveredAtNanos.size(); i++) {
      assertThat(Duration.ofNanos(deliveredAtNanos.get(i) - deliveredAtNanos.get(i - 1)))
          .as("time between delivery %d and %d", i, i + 1)
          .isGreaterThanOrEqualTo(Duration.ofMillis(REDELIVERY_DELAY_MILLIS));
    }
    QueueCounters counters = management.queue(queue);
    assertThat(counters.messagesKilled()).isEqualTo(1);
    assertThat(counters.messageCount()).isZero();
  }

  @Test
  void listsTheCountersOfEveryQueueInOneCall() {
    assertThat(management.queues())
        .containsKeys(
            "DLQ",
            "tunelab.expiry",
            "tunelab.intake",
            "tunelab.orchestration",
            "tunelab.create-customer",
            "tunelab.create-subscriptions",
            "tunelab.update-crm");
  }

  @Test
  void keepsTheAuditLoggersQuietUnderTraffic() throws Exception {
    try (CoreMessages client = new CoreMessages(broker.url())) {
      for (int i = 0; i < 10; i++) {
        client.sendPersistent("tunelab.update-crm", "update " + i);
      }
      for (int i = 0; i < 10; i++) {
        assertThat(client.receive("tunelab.update-crm", 10_000)).isPresent();
      }
    }
    management.queues();

    String log = Files.readString(broker.log());
    assertThat(log).contains("AMQ221007"); // "Server is now active": the log is the broker's
    assertThat(log).doesNotContain("AMQ601").doesNotContain("org.apache.activemq.audit");
  }

  @Test
  void purgesOnlyTunelabsQueuesAndLeavesAnotherApplicationsAlone() throws Exception {
    try (CoreMessages client = new CoreMessages(broker.url());
        ClientSession session = client.session()) {
      session.createQueue(
          QueueConfiguration.of("app.orders").setRoutingType(RoutingType.ANYCAST).setDurable(true));
      client.sendPersistent("app.orders", "someone else's order");
      client.sendPersistent("tunelab.intake", "left by a stalled run");

      Map<String, Long> removed = management.purgeQueues();

      assertThat(removed).containsKey("tunelab.intake").doesNotContainKey("app.orders");
      assertThat(management.queue("app.orders").messageCount()).isEqualTo(1);
      assertThatThrownBy(() -> management.purgeQueue("app.orders"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("only its own queues (tunelab.*)");
      assertThat(client.receive("app.orders", 10_000)).contains("someone else's order");
    }
  }

  @Test
  void refusesToPurgeOrRollBackOnABrokerWithoutTunelabsMarker() throws Exception {
    assertThat(BrokerMarker.present(management)).isTrue();
    management.brokerOperation("deleteAddress", BrokerMarker.ADDRESS);
    try {
      assertThat(BrokerMarker.present(management)).isFalse();
      assertThatThrownBy(management::purgeQueues)
          .isInstanceOf(BadInputException.class)
          .hasMessageContaining("does not carry tunelab's marker (the address tunelab.marker")
          .hasMessageContaining("--provider embedded");
      assertThatThrownBy(management::rollbackPreparedTransactions)
          .isInstanceOf(BadInputException.class)
          .hasMessageContaining("tunelab.marker");
    } finally {
      management.brokerOperation("createAddress", BrokerMarker.ADDRESS, "ANYCAST");
    }
    assertThat(BrokerMarker.present(management)).isTrue();
  }
}
