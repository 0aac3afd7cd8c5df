package io.tunelab.tiers.broker;

import io.tunelab.core.stack.TierName;
import io.tunelab.tiers.JavaCommand;
import io.tunelab.tiers.Ports;
import io.tunelab.tiers.ProcessTier;
import io.tunelab.tiers.Readiness;
import io.tunelab.tiers.TierProcess;
import io.tunelab.tiers.TunelabHome;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * The broker tier: Apache Artemis in its own JVM ({@code harness/broker}), configured by {@code
 * harness/broker/config/broker.xml} whose placeholders {@link BrokerConfig} fills, listening for
 * the core protocol on 127.0.0.1. Security is off: {@link #user()} and {@link #password()} are
 * empty.
 *
 * <p>The broker keeps its journal in {@code <dir>/data} and logs to {@code <dir>/broker.log}.
 */
public final class BrokerTier extends ProcessTier {
  public static final String NAME = TierName.BROKER.label();

  private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(5);
  private static final Duration STOP_GRACE = Duration.ofSeconds(15);

  /**
   * The file Artemis' native journal library makes in the system's /tmp when it loads (a
   * compiled-in folder, not java.io.tmpdir) and unlinks only when the JVM ends cleanly.
   */
  private static final String NATIVE_SCRATCH = "artemisJLHandler_";

  private final BrokerConfig config;
  private final int port;
  private final Optional<Path> nativeScratch;

  private BrokerTier(BrokerConfig config, TierProcess process, int port, Duration startTime) {
    super(NAME, process, startTime, STOP_GRACE);
    this.config = config;
    this.port = port;
    this.nativeScratch = nativeScratch(process.handle().pid());
  }

  /** This broker's native scratch file, found among the files its process holds open. */
  private static Optional<Path> nativeScratch(long pid) {
    try (Stream<Path> fds = Files.list(Path.of("/proc/" + pid + "/fd"))) {
      return fds.map(BrokerTier::target)
          .flatMap(Optional::stream)
          .filter(file -> file.getFileName() != null)
          .filter(file -> file.getFileName().toString().startsWith(NATIVE_SCRATCH))
          .findFirst();
    } catch (IOException | RuntimeException e) {
      return Optional.empty(); // no /proc, or the process is gone: nothing of ours to tidy
    }
  }

  private static Optional<Path> target(Path fd) {
    try {
      return Optional.of(Files.readSymbolicLink(fd));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /**
   * Stops the broker and removes its native scratch file, which a killed or timed-out JVM leaves
   * behind (one file in /tmp per start otherwise).
   */
  @Override
  public void close() {
    super.close();
    removeScratch();
  }

  /** The native scratch file this broker holds in /tmp; empty when its journal is not native. */
  public Optional<Path> nativeScratchFile() {
    return nativeScratch;
  }

  /** Removes the native scratch file once the process is gone (it was killed, or has stopped). */
  public void removeScratch() {
    if (process().isAlive()) {
      return;
    }
    nativeScratch.ifPresent(
        file -> {
          try {
            Files.deleteIfExists(file);
          } catch (IOException e) {
            // litter in /tmp, not a failure of the run
          }
        });
  }

  /**
   * Starts Artemis and waits until it accepts a core session and answers a management query.
   *
   * @param dir the tier's directory: data and log
   * @param owner the controller whose death stops the broker; empty for a detached stack
   * @throws io.tunelab.core.BadInputException when the port is taken
   * @throws io.tunelab.tiers.TierStartException when the broker did not come up; nothing is left
   *     running then
   */
  public static BrokerTier start(BrokerConfig config, Path dir, OptionalLong owner) {
    return Ports.startRetryingTakenPorts(
        config.port() == 0, NAME, () -> startOnce(config, dir, owner));
  }

  private static BrokerTier startOnce(BrokerConfig config, Path dir, OptionalLong owner) {
    int port = Ports.resolve(config.port(), "broker.port");
    Path home = dir.toAbsolutePath().normalize();
    BrokerDist dist = BrokerDist.locate(TunelabHome.locate());
    JavaCommand.Launch launch =
        JavaCommand.withClassArchive(
            dist.jar(),
            jvmFlags(config, dist, port),
            owner,
            List.of(
                "--config", dist.brokerXml().toString(),
                "--data", home.resolve("data").toString()));
    long started = System.nanoTime();
    TierProcess process = launch.start(NAME, home, home.resolve(NAME + ".log"), Map.of());
    String url = url(port);
    try {
      Readiness.await(process, READY_TIMEOUT, () -> answers(url));
    } catch (RuntimeException e) {
      process.stop(STOP_GRACE);
      throw e;
    }
    return new BrokerTier(config, process, port, Duration.ofNanos(System.nanoTime() - started));
  }

  /**
   * The native library path first, so that a {@code -Djava.library.path} among the configured JVM
   * flags wins; the broker.xml properties last, so that they are what the config says.
   */
  static List<String> jvmFlags(BrokerConfig config, BrokerDist dist, int port) {
    List<String> flags = new ArrayList<>();
    dist.nativeLibraryDir()
        .ifPresent(
            dir ->
                flags.add(
                    "-Djava.library.path="
                        + dir
                        + File.pathSeparator
                        + System.getProperty("java.library.path", "")));
    flags.addAll(config.jvmFlags());
    flags.addAll(BrokerProperties.asFlags(BrokerProperties.of(config, Ports.LOOPBACK, port)));
    return flags;
  }

  private static boolean answers(String url) {
    // A connection attempt to a port nobody listens on makes the Artemis client log a warning.
    if (!Ports.isListening(portOf(url))) {
      return false;
    }
    try (BrokerManagement management = BrokerManagement.connect(url, "", "", PROBE_TIMEOUT)) {
      return management.brokerAttribute("version") != null;
    }
  }

  private static int portOf(String url) {
    return Integer.parseInt(url.substring(url.lastIndexOf(':') + 1));
  }

  private static String url(int port) {
    return "tcp://" + Ports.LOOPBACK + ":" + port;
  }

  /** The core protocol URL, {@code tcp://127.0.0.1:<port>}. */
  public String url() {
    return url(port);
  }

  public int port() {
    return port;
  }

  /** Empty: the broker runs with security disabled. */
  public String user() {
    return "";
  }

  /** Empty: the broker runs with security disabled. */
  public String password() {
    return "";
  }

  /** The settings this broker was started with. */
  public BrokerConfig config() {
    return config;
  }

  /** A new management session on this broker; the caller closes it. */
  public BrokerManagement management() {
    return BrokerManagement.connect(url(), user(), password(), PROBE_TIMEOUT);
  }

  /**
   * The journal the broker really writes, as its management reports it: NIO when Artemis fell back
   * from ASYNCIO (it rewrites its configuration then, which {@code journalType} answers; the log
   * line {@code journal in effect: ...} of its log says why). Empty when persistence is off, since
   * the broker then writes no journal.
   */
  public Optional<BrokerConfig.JournalType> effectiveJournalType() {
    try (BrokerManagement management = management()) {
      BrokerAttributes attributes = management.attributes();
      return attributes.persistenceEnabled()
          ? Optional.of(attributes.journalType())
          : Optional.empty();
    }
  }

  /** The Artemis version the broker reports, e.g. {@code 2.56.0}. */
  public String version() {
    try (BrokerManagement management = management()) {
      return (String) management.brokerAttribute("version");
    }
  }

  @Override
  public String toString() {
    return "broker " + url() + " (pid " + process().pid() + ")";
  }
}
