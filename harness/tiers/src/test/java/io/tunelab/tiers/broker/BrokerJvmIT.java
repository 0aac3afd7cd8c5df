package io.tunelab.tiers.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** JVM flags of the broker tier reach its JVM, including logging overrides. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BrokerJvmIT {
  private static final String AUDIT_ON =
      "-Dorg.slf4j.simpleLogger.log.org.apache.activemq.audit.message=info";

  private BrokerTier broker;

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
            List.of("-Xms64m", "-Xmx200m", "-XX:+UseG1GC", AUDIT_ON));
    broker = BrokerTier.start(config, BrokerTests.freshDir("jvm"), OptionalLong.empty());
  }

  @AfterAll
  void stop() {
    if (broker != null) {
      broker.close();
    }
  }

  @Test
  void jvmFlagsAreOnTheBrokerCommandLine() {
    List<String> arguments =
        broker.processes().get(0).info().arguments().map(List::of).orElseThrow();

    assertThat(arguments).contains("-Xmx200m", "-XX:+UseG1GC", AUDIT_ON);
  }

  @Test
  void theHeapFlagSizesTheBrokersMemory() {
    // Artemis sizes global-max-size (-1 in broker.xml) at half the heap it finds.
    try (BrokerManagement management = broker.management()) {
      assertThat(((Number) management.brokerAttribute("globalMaxSize")).longValue())
          .isEqualTo(100L * 1024 * 1024);
    }
  }

  @Test
  void auditLoggingComesBackWhenAFlagAsksForIt() throws Exception {
    try (CoreMessages client = new CoreMessages(broker.url())) {
      client.sendPersistent("tunelab.intake", "audited");
      assertThat(client.receive("tunelab.intake", 10_000)).contains("audited");
    }

    // The same check that finds the default broker quiet finds this one talking.
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() -> assertThat(Files.readString(broker.log())).contains("AMQ601"));
  }
}
