package io.tunelab.tiers.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.tunelab.core.BadInputException;
import io.tunelab.tiers.Ports;
import io.tunelab.tiers.TierInputException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Starting, stopping and failing leave no broker process behind. */
class BrokerLifecycleIT {
  private static final BrokerConfig CONFIG =
      BrokerTests.config(false, BrokerConfig.JournalType.NIO);

  @Test
  void rejectsAPortInUse() throws Exception {
    Path dir = BrokerTests.freshDir("port-in-use");
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName(Ports.LOOPBACK))) {
      int port = taken.getLocalPort();

      assertThatThrownBy(() -> BrokerTier.start(CONFIG.withPort(port), dir, OptionalLong.empty()))
          .isInstanceOf(BadInputException.class)
          .hasMessageContaining("broker.port " + port + " is already in use")
          .hasMessageContaining("or 0 for any free port");
    }
    assertThat(BrokerTests.processesUsing(dir)).isEmpty();
  }

  @Test
  void stopsCleanlyLeavingNoProcess() throws Exception {
    Path dir = BrokerTests.freshDir("stop");
    BrokerTier broker = BrokerTier.start(CONFIG, dir, OptionalLong.empty());
    ProcessHandle process = broker.processes().get(0);
    assertThat(Ports.isListening(broker.port())).isTrue();

    broker.close();
    broker.close();

    assertThat(process.isAlive()).isFalse();
    assertThat(Ports.isListening(broker.port())).isFalse();
    assertThat(BrokerTests.processesUsing(dir)).isEmpty();
    assertThat(Files.readString(broker.log())).contains("AMQ221002"); // Artemis' "stopped"
  }

  /**
   * Artemis' native journal library makes a file in /tmp when it loads and removes it only when the
   * JVM ends cleanly: a broker killed (workload.crash, a crashed run) left one per start.
   */
  @Test
  void aKilledBrokersNativeScratchFileIsRemovedWhenItsTierCloses() throws Exception {
    Path dir = BrokerTests.freshDir("scratch");
    BrokerTier broker =
        BrokerTier.start(
            BrokerTests.config(true, BrokerConfig.JournalType.ASYNCIO), dir, OptionalLong.empty());
    try {
      org.junit.jupiter.api.Assumptions.assumeTrue(
          broker
              .effectiveJournalType()
              .equals(java.util.Optional.of(BrokerConfig.JournalType.ASYNCIO)),
          "libaio is not loaded here: the journal is NIO, no native scratch file");
      Path scratch = broker.nativeScratchFile().orElseThrow();
      assertThat(scratch.getFileName().toString()).startsWith("artemisJLHandler_");
      ProcessHandle process = broker.processes().get(0);
      process.destroyForcibly();
      process.onExit().join();
      assertThat(scratch).as("a killed JVM's is left behind").exists();

      broker.close();

      assertThat(scratch).doesNotExist();
    } finally {
      broker.close();
    }
  }

  @Test
  void endsWhenItsOwnerDies() throws Exception {
    Path dir = BrokerTests.freshDir("owner");
    Process owner = new ProcessBuilder("sleep", "300").start();
    BrokerTier broker = null;
    try {
      broker = BrokerTier.start(CONFIG, dir, OptionalLong.of(owner.pid()));
      ProcessHandle process = broker.processes().get(0);

      owner.destroy();

      await().atMost(Duration.ofSeconds(30)).until(() -> !process.isAlive());
      assertThat(Files.readString(broker.log()))
          .contains("owner process " + owner.pid() + " is gone");
      assertThat(BrokerTests.processesUsing(dir)).isEmpty();
    } finally {
      owner.destroyForcibly();
      if (broker != null) {
        broker.close();
      }
    }
  }

  @Test
  void aBrokerThatCannotStartSaysWhyAndLeavesNothingRunning() throws Exception {
    Path dir = BrokerTests.freshDir("bad-flag");
    BrokerConfig config =
        new BrokerConfig(
            0,
            false,
            BrokerConfig.JournalType.NIO,
            true,
            true,
            0,
            5,
            "DLQ",
            List.of("-XX:+NoSuchTunelabFlag"));

    assertThatThrownBy(() -> BrokerTier.start(config, dir, OptionalLong.empty()))
        .isInstanceOf(TierInputException.class)
        .hasMessageContaining("the broker tier did not start")
        .hasMessageContaining("its JVM refused a flag")
        .hasMessageContaining("Unrecognized VM option 'NoSuchTunelabFlag'");
    assertThat(BrokerTests.processesUsing(dir)).isEmpty();
  }
}
