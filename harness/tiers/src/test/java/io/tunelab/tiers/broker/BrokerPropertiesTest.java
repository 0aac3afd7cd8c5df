package io.tunelab.tiers.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.tiers.TunelabHome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BrokerPropertiesTest {
  @Test
  void everyPropertyFillsAPlaceholderOfBrokerXml() throws Exception {
    String brokerXml =
        Files.readString(TunelabHome.locate().root().resolve("harness/broker/config/broker.xml"));

    Map<String, String> properties =
        BrokerProperties.of(BrokerConfig.defaults(), "127.0.0.1", 61616);

    assertThat(properties.keySet())
        .allSatisfy(name -> assertThat(brokerXml).contains("${" + name + ":"));
  }

  @Test
  void carriesTheConfiguredValues() {
    BrokerConfig config =
        new BrokerConfig(
            0, false, BrokerConfig.JournalType.MAPPED, false, true, 250, 7, "dead", List.of());

    assertThat(BrokerProperties.of(config, "0.0.0.0", 5000))
        .containsEntry("tunelab.broker.host", "0.0.0.0")
        .containsEntry("tunelab.broker.port", "5000")
        .containsEntry("tunelab.broker.persistence-enabled", "false")
        .containsEntry("tunelab.broker.journal-type", "MAPPED")
        .containsEntry("tunelab.broker.journal-sync-transactional", "false")
        .containsEntry("tunelab.broker.journal-sync-non-transactional", "true")
        .containsEntry("tunelab.broker.redelivery-delay", "250")
        .containsEntry("tunelab.broker.max-delivery-attempts", "7")
        .containsEntry("tunelab.broker.dead-letter-address", "dead");
  }

  @Test
  void aJavaLibraryPathAmongTheJvmFlagsOverridesTheNativeLibraryDirectory() {
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
            List.of("-Djava.library.path=/elsewhere"));
    BrokerDist dist =
        new BrokerDist(Path.of("b.jar"), Path.of("broker.xml"), Optional.of(Path.of("/native")));

    List<String> flags = BrokerTier.jvmFlags(config, dist, 61616);

    // The JVM takes the last -D of a name.
    assertThat(flags.stream().filter(f -> f.startsWith("-Djava.library.path=")).toList())
        .last()
        .isEqualTo("-Djava.library.path=/elsewhere");
    assertThat(flags.get(flags.size() - 1)).startsWith("-Dtunelab.broker.");
  }
}
