package io.tunelab.tiers.mocks;

import static java.util.stream.Collectors.toSet;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.tunelab.core.BadInputException;
import io.tunelab.core.stack.Backend;
import io.tunelab.tiers.Ports;
import io.tunelab.tiers.TierStartException;
import io.tunelab.tiers.TunelabHome;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Starting, configuring, stopping and failing to start the mocks JVM. */
class MocksTierLifecycleIT {
  private static final Path LOGS = Path.of("target/mocks-it/lifecycle");

  @TempDir Path temp;

  /** Mocks JVMs this test JVM ran before the test: another class's shared stack keeps its own. */
  private Set<Long> before;

  @BeforeEach
  void mocksJvmsBefore() {
    before = ProcessHandle.current().descendants().map(ProcessHandle::pid).collect(toSet());
  }

  @AfterEach
  void noMocksJvmLeft() {
    await()
        .atMost(Duration.ofSeconds(20))
        .untilAsserted(() -> assertThat(mocksChildren()).isEmpty());
  }

  @Test
  void containerThreadsAsyncResponsesAndJvmFlagsReachTheMocksAndCloseLeavesNothing() {
    MocksConfig config = new MocksConfig(Map.of(), 37, false, Map.of(), List.of("-Xmx200m"));
    MocksTier mocks = MocksTiers.start(config, LOGS.resolve("settings"));
    List<ProcessHandle> processes = mocks.processes();
    Map<Backend, Integer> ports = mocks.ports();
    try {
      for (Backend backend : Backend.values()) {
        MocksClient client = mocks.client(backend);
        assertThat(client.settings().containerThreads()).isEqualTo(37);
        assertThat(client.settings().asyncResponses()).isFalse();
        assertThat(URI.create(mocks.url(backend)).getPort()).isEqualTo(ports.get(backend));
      }
      assertThat(Set.copyOf(ports.values())).hasSize(Backend.values().length);
      assertThat(mocks.startTime()).isPositive();
      assertThat(processes).hasSize(1).allMatch(ProcessHandle::isAlive);
      // The heap knob (mocks.jvm.heapMegabytes) reaches the mocks JVM as this flag.
      assertThat(processes.get(0).info().arguments().map(List::of).orElse(List.of()))
          .contains("-Xmx200m");
      assertThat(Files.readString(mocks.log())).contains("tunelab mocks ready");
    } catch (IOException e) {
      throw new AssertionError(e);
    } finally {
      mocks.close();
    }

    assertThat(processes).noneMatch(ProcessHandle::isAlive);
    assertThat(ports.values()).noneMatch(Ports::isListening);
    mocks.close();
  }

  @Test
  void rejectsAPortInUseBeforeStartingAnything() throws IOException {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName(Ports.LOOPBACK))) {
      MocksConfig config =
          MocksConfig.defaults().withPorts(Map.of(Backend.BRM, taken.getLocalPort()));

      assertThatThrownBy(() -> MocksTiers.start(config, LOGS.resolve("port")))
          .isInstanceOf(BadInputException.class)
          .hasMessageContaining("mocks.brmPort " + taken.getLocalPort() + " is already in use");
    }
    assertThat(mocksChildren()).isEmpty();
  }

  @Test
  void rejectsAMocksFolderWithoutBothBackends() {
    assertThatThrownBy(
            () ->
                MocksTier.start(
                    MocksConfig.defaults(), temp, LOGS.resolve("folder"), OptionalLong.empty()))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("has no siebel/mappings")
        .hasMessageContaining("tunelab.home");
  }

  @Test
  void aBrokenMappingFailsTheStartWithWireMocksOwnWords() throws IOException {
    copyTree(TunelabHome.locate().mocks(), temp.resolve("mocks"));
    Files.writeString(temp.resolve("mocks/brm/mappings/Broken.json"), "{ \"request\": ");

    assertThatThrownBy(
            () ->
                MocksTier.start(
                    MocksConfig.defaults(),
                    temp.resolve("mocks"),
                    LOGS.resolve("broken"),
                    OptionalLong.empty()))
        .isInstanceOf(TierStartException.class)
        .hasMessageContaining("the mocks tier did not start")
        .hasMessageContaining("cannot start")
        .hasMessageContaining("Broken.json");
  }

  @Test
  void theTierEndsWhenItsOwnerDies() throws IOException {
    Process owner = new ProcessBuilder("sleep", "300").start();
    MocksTier mocks =
        MocksTier.start(
            MocksConfig.defaults(),
            TunelabHome.locate().mocks(),
            LOGS.resolve("owner"),
            OptionalLong.of(owner.pid()));
    try {
      ProcessHandle tier = mocks.processes().get(0);
      assertThat(tier.isAlive()).isTrue();

      owner.destroy();

      await().atMost(Duration.ofSeconds(20)).until(() -> !tier.isAlive());
    } finally {
      owner.destroyForcibly();
      mocks.close();
    }
  }

  /** Mocks JVMs started during this test and still alive. */
  private List<ProcessHandle> mocksChildren() {
    return ProcessHandle.current()
        .descendants()
        .filter(ProcessHandle::isAlive)
        .filter(p -> !before.contains(p.pid()))
        .filter(p -> p.info().commandLine().orElse("").contains("tunelab-mocks.jar"))
        .toList();
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path path : paths.sorted(Comparator.naturalOrder()).toList()) {
        Path target = to.resolve(from.relativize(path).toString());
        if (Files.isDirectory(path)) {
          Files.createDirectories(target);
        } else {
          Files.copy(path, target);
        }
      }
    }
  }
}
