package io.tunelab.tiers.mocks;

import io.tunelab.core.BadInputException;
import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.TierName;
import io.tunelab.tiers.JavaCommand;
import io.tunelab.tiers.Ports;
import io.tunelab.tiers.ProcessTier;
import io.tunelab.tiers.Readiness;
import io.tunelab.tiers.TierProcess;
import io.tunelab.tiers.TierStartException;
import io.tunelab.tiers.TunelabHome;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The mocks tier: one JVM running three WireMock servers on 127.0.0.1, the Siebel CRM mock, the
 * Oracle BRM mock and the messaging plan's device-driver mock, serving {@code mocks/siebel}, {@code
 * mocks/brm} and {@code mocks/driver} with the tunelab extension.
 *
 * <p>Started from the {@code harness/mocks} dist; ready when every server answers its health check;
 * then each back-end's latency, fault rate and answer lines are applied through its admin API,
 * where {@link #client(Backend)} can change them while the tier runs.
 */
public final class MocksTier extends ProcessTier {
  static final String NAME = TierName.MOCKS.label();
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration STOP_GRACE = Duration.ofSeconds(10);

  private final Map<Backend, MocksClient> clients;

  private MocksTier(TierProcess process, Map<Backend, MocksClient> clients, Duration startTime) {
    super(NAME, process, startTime, STOP_GRACE);
    this.clients = clients;
  }

  /**
   * Starts the mocks JVM serving {@code mocksRoot/siebel}, {@code mocksRoot/brm} and {@code
   * mocksRoot/driver}.
   *
   * @param dir where the tier keeps its log ({@code mocks.log})
   * @param owner the controller whose death stops the mocks; empty for a detached stack
   * @throws BadInputException when the mocks folder is incomplete or a port is taken
   * @throws TierStartException with the tier's log tail when the JVM does not come up
   */
  public static MocksTier start(MocksConfig config, Path mocksRoot, Path dir, OptionalLong owner) {
    checkMocksRoot(mocksRoot);
    boolean picked = config.siebelPort() == 0 || config.brmPort() == 0 || config.driverPort() == 0;
    return Ports.startRetryingTakenPorts(
        picked, NAME, () -> startOnce(config, mocksRoot, dir, owner));
  }

  private static MocksTier startOnce(
      MocksConfig config, Path mocksRoot, Path dir, OptionalLong owner) {
    int siebelPort = Ports.resolve(config.siebelPort(), "mocks.siebelPort");
    int brmPort = otherPort(config.brmPort(), "mocks.brmPort", Set.of(siebelPort));
    int driverPort =
        otherPort(config.driverPort(), "mocks.driverPort", Set.of(siebelPort, brmPort));
    JavaCommand.Launch launch =
        JavaCommand.withClassArchive(
            TunelabHome.locate().dist(NAME),
            config.jvmFlags(),
            owner,
            List.of(
                "--root", mocksRoot.toAbsolutePath().normalize().toString(),
                "--siebel-port", Integer.toString(siebelPort),
                "--brm-port", Integer.toString(brmPort),
                "--driver-port", Integer.toString(driverPort),
                "--container-threads", Integer.toString(config.containerThreads()),
                "--async-responses", Boolean.toString(config.asyncResponses())));
    long started = System.nanoTime();
    TierProcess process = launch.start(NAME, dir, dir.resolve(NAME + ".log"), Map.of());
    try {
      Map<Backend, MocksClient> clients = new EnumMap<>(Backend.class);
      clients.put(Backend.SIEBEL, new MocksClient(Backend.SIEBEL, url(siebelPort)));
      clients.put(Backend.BRM, new MocksClient(Backend.BRM, url(brmPort)));
      clients.put(Backend.DRIVER, new MocksClient(Backend.DRIVER, url(driverPort)));
      Readiness.await(
          process, READY_TIMEOUT, () -> clients.values().stream().allMatch(MocksClient::isHealthy));
      Duration startTime = Duration.ofNanos(System.nanoTime() - started);
      clients.forEach((backend, client) -> apply(config.backend(backend), client));
      return new MocksTier(process, Map.copyOf(clients), startTime);
    } catch (RuntimeException e) {
      process.stop(STOP_GRACE);
      if (e instanceof BadInputException) {
        throw e;
      }
      throw new TierStartException(
          NAME, "cannot configure it: " + e.getMessage(), process.log(), e);
    }
  }

  private static void checkMocksRoot(Path mocksRoot) {
    for (Backend backend : Backend.values()) {
      Path mappings = mocksRoot.resolve(backend.label()).resolve("mappings");
      if (!Files.isDirectory(mappings)) {
        throw new BadInputException(
            "the mocks folder "
                + mocksRoot.toAbsolutePath().normalize()
                + " has no "
                + backend.label()
                + "/mappings: point tunelab.home (TUNELAB_HOME) to a tunelab checkout, or restore"
                + " mocks/ from git (git checkout -- mocks)");
      }
    }
  }

  private static int otherPort(int requested, String name, Set<Integer> taken) {
    if (requested != 0 && taken.contains(requested)) {
      throw new BadInputException(
          name + " " + requested + " is another mock's port: give each mock its own port");
    }
    int port = Ports.resolve(requested, name);
    while (taken.contains(port)) {
      port = Ports.free();
    }
    return port;
  }

  private static void apply(MocksConfig.Backend backend, MocksClient client) {
    client.setLatency(backend.latency());
    client.setFaults(backend.faultRate(), backend.faultKind());
    if (!backend.repeats().isEmpty()) {
      client.setRepeats(backend.repeats());
    }
  }

  private static URI url(int port) {
    return URI.create("http://" + Ports.LOOPBACK + ":" + port);
  }

  /** Root URL of the Siebel CRM mock, e.g. {@code http://127.0.0.1:41234}. */
  public String siebelUrl() {
    return siebel().baseUrl().toString();
  }

  /** Root URL of the Oracle BRM mock. */
  public String brmUrl() {
    return brm().baseUrl().toString();
  }

  /** Root URL of the device-driver mock. */
  public String driverUrl() {
    return driver().baseUrl().toString();
  }

  /** Latency, fault rate and served-request counter of one back-end's mock. */
  public MocksClient client(Backend backend) {
    return clients.get(backend);
  }

  /** Latency, fault rate and served-request counter of the Siebel mock. */
  public MocksClient siebel() {
    return client(Backend.SIEBEL);
  }

  /** Latency, fault rate and served-request counter of the BRM mock. */
  public MocksClient brm() {
    return client(Backend.BRM);
  }

  /** Latency, fault rate and served-request counter of the device-driver mock. */
  public MocksClient driver() {
    return client(Backend.DRIVER);
  }

  @Override
  public String toString() {
    return "mocks (siebel "
        + siebelUrl()
        + ", brm "
        + brmUrl()
        + ", driver "
        + driverUrl()
        + ", "
        + process()
        + ")";
  }
}
