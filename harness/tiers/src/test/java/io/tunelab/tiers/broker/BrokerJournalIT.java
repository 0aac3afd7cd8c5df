package io.tunelab.tiers.broker;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Journal and persistence settings, each read back from a broker started with them. */
class BrokerJournalIT {
  @Test
  void nioJournalAndItsSettingsReachTheBroker() throws Exception {
    BrokerConfig config =
        new BrokerConfig(
            0,
            true,
            BrokerConfig.JournalType.NIO,
            false,
            true,
            0,
            7,
            "tunelab.dead",
            List.of("-Xmx256m"));
    try (BrokerTier broker = start(config, "nio");
        BrokerManagement management = broker.management()) {
      BrokerAttributes attributes = management.attributes();
      assertThat(attributes.persistenceEnabled()).isTrue();
      assertThat(attributes.journalType()).isEqualTo(BrokerConfig.JournalType.NIO);
      assertThat(attributes.journalSyncTransactional()).isFalse();
      assertThat(attributes.journalSyncNonTransactional()).isTrue();
      assertThat(broker.effectiveJournalType()).contains(BrokerConfig.JournalType.NIO);

      JsonNode settings = management.addressSettings("tunelab.intake");
      assertThat(settings.path("maxDeliveryAttempts").asInt()).isEqualTo(7);
      assertThat(settings.path("redeliveryDelay").asLong()).isZero();
      assertThat(settings.path("deadLetterAddress").asText()).isEqualTo("tunelab.dead");
      assertThat(management.queues()).containsKey("tunelab.dead").doesNotContainKey("DLQ");
    }
  }

  @Test
  void mappedJournalReachesTheBroker() throws Exception {
    try (BrokerTier broker =
        start(BrokerTests.config(true, BrokerConfig.JournalType.MAPPED), "mapped")) {
      assertThat(broker.effectiveJournalType()).contains(BrokerConfig.JournalType.MAPPED);
      assertThat(Files.readString(broker.log()))
          .contains("journal in effect: MAPPED (asked MAPPED)");
    }
  }

  @Test
  void withoutPersistenceTheBrokerWritesNoJournal() throws Exception {
    Path dir = BrokerTests.freshDir("no-persistence");
    try (BrokerTier broker =
        BrokerTier.start(
            BrokerTests.config(false, BrokerConfig.JournalType.ASYNCIO),
            dir,
            OptionalLong.empty())) {
      try (CoreMessages client = new CoreMessages(broker.url())) {
        client.sendPersistent("tunelab.intake", "kept in memory only");
        assertThat(client.receive("tunelab.intake", 10_000)).contains("kept in memory only");
      }
      try (BrokerManagement management = broker.management()) {
        assertThat(management.attributes().persistenceEnabled()).isFalse();
      }
      assertThat(broker.effectiveJournalType()).isEmpty();
    }
    assertThat(journalFiles(dir.resolve("data"))).isEmpty();
  }

  @Test
  void fallbackFromAsyncioToNioIsReported() throws Exception {
    Path noNativeLibrary = Files.createDirectories(BrokerTests.freshDir("fallback-lib"));
    BrokerConfig config =
        new BrokerConfig(
            0,
            true,
            BrokerConfig.JournalType.ASYNCIO,
            true,
            true,
            0,
            5,
            "DLQ",
            List.of("-Xmx256m", "-Djava.library.path=" + noNativeLibrary));
    try (BrokerTier broker = start(config, "fallback")) {
      assertThat(broker.effectiveJournalType()).contains(BrokerConfig.JournalType.NIO);
      assertThat(Files.readString(broker.log()))
          .contains("AMQ222018") // Artemis' own warning
          .contains(
              "journal in effect: NIO (asked ASYNCIO; fell back: the native library"
                  + " artemis-native-64 is not loaded");
    }
  }

  private static BrokerTier start(BrokerConfig config, String name) throws Exception {
    return BrokerTier.start(config, BrokerTests.freshDir(name), OptionalLong.empty());
  }

  private static List<Path> journalFiles(Path dataDir) throws Exception {
    if (!Files.exists(dataDir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(dataDir)) {
      return files.filter(f -> f.toString().endsWith(".amq")).toList();
    }
  }
}
