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
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The mocks tier: one JVM running a WireMock server on 127.0.0.1 for each {@link Backend} (the
 * Siebel CRM mock, the Oracle BRM mock and the messaging plan's device-driver mock), each serving
 * its folder of {@code mocks/} ({@code mocks/siebel}, ...) with the tunelab extension.
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
   * Starts the mocks JVM serving each back-end's folder of {@code mocksRoot}, {@code
   * mocksRoot/siebel} and the others.
   *
   * @param dir where the tier keeps its log ({@code mocks.log})
   * @param owner the controller whose death stops the mocks; empty for a detached stack
   * @throws BadInputException when the mocks folder is incomplete or a port is taken
   * @throws TierStartException with the tier's log tail when the JVM does not come up
   */
  public static MocksTier start(MocksConfig config, Path mocksRoot, Path dir, OptionalLong owner) {
    checkMocksRoot(mocksRoot);
    boolean picked = config.ports().containsValue(0);
    return Ports.startRetryingTakenPorts(
        picked, NAME, () -> startOnce(config, mocksRoot, dir, owner));
  }

  private static MocksTier startOnce(
      MocksConfig config, Path mocksRoot, Path dir, OptionalLong owner) {
    Map<Backend, Integer> ports = new EnumMap<>(Backend.class);
    List<String> args =
        new ArrayList<>(List.of("--root", mocksRoot.toAbsolutePath().normalize().toString()));
    for (Backend backend : Backend.values()) {
      int port =
          otherPort(
              config.port(backend),
              "mocks." + backend.label() + "Port",
              Set.copyOf(ports.values()));
      ports.put(backend, port);
      args.addAll(List.of("--" + backend.label() + "-port", Integer.toString(port)));
    }
    args.addAll(
        List.of(
            "--container-threads", Integer.toString(config.containerThreads()),
            "--async-responses", Boolean.toString(config.asyncResponses())));
    JavaCommand.Launch launch =
        JavaCommand.withClassArchive(
            TunelabHome.locate().dist(NAME), config.jvmFlags(), owner, args);
    long started = System.nanoTime();
    TierProcess process = launch.start(NAME, dir, dir.resolve(NAME + ".log"), Map.of());
    try {
      Map<Backend, MocksClient> clients = new EnumMap<>(Backend.class);
      ports.forEach((backend, port) -> clients.put(backend, new MocksClient(backend, url(port))));
      Readiness.await(
          process, READY_TIMEOUT, () -> clients.values().stream().allMatch(MocksClient::isHealthy));
      Duration startTime = Duration.ofNanos(System.nanoTime() - started);
      clients.forEach((backend, client) -> client.apply(config.mock(backend)));
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

  private static URI url(int port) {
    return URI.create("http://" + Ports.LOOPBACK + ":" + port);
  }

  /** Root URL of one back-end's mock, e.g. {@code http://127.0.0.1:41234}. */
  public String url(Backend backend) {
    return client(backend).baseUrl().toString();
  }

  /** Root URL of the Siebel CRM mock. */
  public String siebelUrl() {
    return url(Backend.SIEBEL);
  }

  /** Root URL of the Oracle BRM mock. */
  public String brmUrl() {
    return url(Backend.BRM);
  }

  /** Each back-end's mock's root URL. */
  public Map<Backend, String> urls() {
    Map<Backend, String> urls = new EnumMap<>(Backend.class);
    clients.forEach((backend, client) -> urls.put(backend, client.baseUrl().toString()));
    return urls;
  }

  /** Each back-end's mock's port. */
  public Map<Backend, Integer> ports() {
    Map<Backend, Integer> ports = new EnumMap<>(Backend.class);
    clients.forEach((backend, client) -> ports.put(backend, client.baseUrl().getPort()));
    return ports;
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

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder("mocks (");
    for (Backend backend : Backend.values()) {
      text.append(backend.label()).append(' ').append(url(backend)).append(", ");
    }
    return text.append(process()).append(')').toString();
  }
}
