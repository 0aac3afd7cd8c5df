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
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The mocks tier: one JVM running two WireMock servers on 127.0.0.1, the Siebel CRM mock and the
 * Oracle BRM mock, serving {@code mocks/siebel} and {@code mocks/brm} with the tunelab extension.
 *
 * <p>Started from the {@code harness/mocks} dist; ready when both servers answer their health
 * check; then each back-end's latency and fault rate are applied through its admin API, where
 * {@link #siebel()} and {@link #brm()} can change them while the tier runs.
 */
public final class MocksTier extends ProcessTier {
  static final String NAME = TierName.MOCKS.label();
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration STOP_GRACE = Duration.ofSeconds(10);

  private final MocksClient siebel;
  private final MocksClient brm;

  private MocksTier(TierProcess process, MocksClient siebel, MocksClient brm, Duration startTime) {
    super(NAME, process, startTime, STOP_GRACE);
    this.siebel = siebel;
    this.brm = brm;
  }

  /**
   * Starts the mocks JVM serving {@code mocksRoot/siebel} and {@code mocksRoot/brm}.
   *
   * @param dir where the tier keeps its log ({@code mocks.log})
   * @param owner the controller whose death stops the mocks; empty for a detached stack
   * @throws BadInputException when the mocks folder is incomplete or a port is taken
   * @throws TierStartException with the tier's log tail when the JVM does not come up
   */
  public static MocksTier start(MocksConfig config, Path mocksRoot, Path dir, OptionalLong owner) {
    checkMocksRoot(mocksRoot);
    int siebelPort = Ports.resolve(config.siebelPort(), "mocks.siebelPort");
    int brmPort = secondPort(config.brmPort(), siebelPort);
    List<String> command =
        JavaCommand.of(
            TunelabHome.locate().dist(NAME),
            config.jvmFlags(),
            owner,
            List.of(
                "--root", mocksRoot.toAbsolutePath().normalize().toString(),
                "--siebel-port", Integer.toString(siebelPort),
                "--brm-port", Integer.toString(brmPort),
                "--container-threads", Integer.toString(config.containerThreads()),
                "--async-responses", Boolean.toString(config.asyncResponses())));
    long started = System.nanoTime();
    TierProcess process =
        TierProcess.start(NAME, command, dir, dir.resolve(NAME + ".log"), Map.of());
    try {
      MocksClient siebel = new MocksClient(Backend.SIEBEL, url(siebelPort));
      MocksClient brm = new MocksClient(Backend.BRM, url(brmPort));
      Readiness.await(process, READY_TIMEOUT, () -> siebel.isHealthy() && brm.isHealthy());
      Duration startTime = Duration.ofNanos(System.nanoTime() - started);
      apply(config.siebel(), siebel);
      apply(config.brm(), brm);
      return new MocksTier(process, siebel, brm, startTime);
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
    for (String backend : List.of("siebel", "brm")) {
      Path mappings = mocksRoot.resolve(backend).resolve("mappings");
      if (!Files.isDirectory(mappings)) {
        throw new BadInputException(
            "the mocks folder "
                + mocksRoot.toAbsolutePath().normalize()
                + " has no "
                + backend
                + "/mappings: point tunelab.home (TUNELAB_HOME) to a tunelab checkout, or restore"
                + " mocks/ from git (git checkout -- mocks)");
      }
    }
  }

  private static int secondPort(int requested, int taken) {
    if (requested != 0 && requested == taken) {
      throw new BadInputException(
          "mocks.siebelPort and mocks.brmPort are both " + taken + ": give them different ports");
    }
    int port = Ports.resolve(requested, "mocks.brmPort");
    while (port == taken) {
      port = Ports.free();
    }
    return port;
  }

  private static void apply(MocksConfig.Backend backend, MocksClient client) {
    client.setLatency(backend.latency());
    client.setFaultRate(backend.faultRate());
  }

  private static URI url(int port) {
    return URI.create("http://" + Ports.LOOPBACK + ":" + port);
  }

  /** Root URL of the Siebel CRM mock, e.g. {@code http://127.0.0.1:41234}. */
  public String siebelUrl() {
    return siebel.baseUrl().toString();
  }

  /** Root URL of the Oracle BRM mock. */
  public String brmUrl() {
    return brm.baseUrl().toString();
  }

  /** Latency, fault rate and served-request counter of the Siebel mock. */
  public MocksClient siebel() {
    return siebel;
  }

  /** Latency, fault rate and served-request counter of the BRM mock. */
  public MocksClient brm() {
    return brm;
  }

  @Override
  public String toString() {
    return "mocks (siebel " + siebelUrl() + ", brm " + brmUrl() + ", " + process() + ")";
  }
}
