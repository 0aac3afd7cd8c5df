package io.tunelab.tiers.db;

import io.tunelab.core.stack.TierName;
import io.tunelab.tiers.Ports;
import io.tunelab.tiers.RuntimeDir;
import io.tunelab.tiers.Secrets;
import io.tunelab.tiers.Tier;
import io.tunelab.tiers.TierProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The db tier: a fresh PostgreSQL cluster on 127.0.0.1, its server process started directly (no
 * pg_ctl), so the pid the stack records is the postmaster's. Database {@code tunelab}, owned by the
 * superuser {@code tunelab} (a password made for the stack, {@link #password()}), is created on
 * start.
 *
 * <p>Files in the tier's directory: {@code data/} (the cluster), {@code postgres.log} (the server's
 * log, preceded by the command line and any setting dropped), {@code initdb.log} (when this start
 * made the template cluster it copied, see {@link ClusterTemplate}), and {@code owner-watch.log}
 * when the tier has an owner.
 */
public final class PostgresTier implements Tier {
  private static final Logger LOG = LoggerFactory.getLogger(PostgresTier.class);
  private static final Duration STOP_GRACE = Duration.ofSeconds(20);
  static final String TEMPLATES = "db-templates";

  private final TierProcess server;
  private final ServerLaunch launch;
  private final Optional<TierProcess> ownerWatch;
  private final PgBinaries binaries;
  private final Map<String, String> settings;
  private final int port;
  private final String password;
  private final Duration startTime;
  private final AtomicBoolean closed = new AtomicBoolean();

  private PostgresTier(
      TierProcess server,
      ServerLaunch launch,
      Optional<TierProcess> ownerWatch,
      PgBinaries binaries,
      Map<String, String> settings,
      int port,
      String password,
      Duration startTime) {
    this.server = server;
    this.launch = launch;
    this.ownerWatch = ownerWatch;
    this.binaries = binaries;
    this.settings = Map.copyOf(settings);
    this.port = port;
    this.password = password;
    this.startTime = startTime;
  }

  /**
   * Creates a fresh cluster in {@code dir}, starts PostgreSQL on 127.0.0.1 and waits until it
   * answers JDBC, with database {@code tunelab} and user {@code tunelab} created.
   *
   * @param owner the controller whose death stops the server; empty for a detached stack
   * @throws io.tunelab.core.BadInputException when the port is taken, the binaries are missing or
   *     PostgreSQL refuses a setting (then with PostgreSQL's own words); nothing is left running
   */
  public static PostgresTier start(DbConfig config, Path dir, OptionalLong owner) {
    return start(config, dir, owner, Secrets.newPassword());
  }

  /**
   * As {@link #start(DbConfig, Path, OptionalLong)}, the superuser's password given: a stack keeps
   * one password for its db tier across restarts.
   */
  public static PostgresTier start(DbConfig config, Path dir, OptionalLong owner, String password) {
    return start(config, dir, owner, PgBinariesLocator.fromEnvironment(), password);
  }

  /**
   * As {@link #start(DbConfig, Path, OptionalLong)}, with the binaries chosen by {@code locator}.
   */
  public static PostgresTier start(
      DbConfig config, Path dir, OptionalLong owner, PgBinariesLocator locator) {
    return start(config, dir, owner, locator, Secrets.newPassword());
  }

  private static PostgresTier start(
      DbConfig config, Path dir, OptionalLong owner, PgBinariesLocator locator, String password) {
    ServerUser serverUser = ServerUser.forThisProcess();
    PgBinaries binaries = locator.locate(config.binaries());
    ServerSettings settings = ServerSettings.resolve(config.serverSettings(), binaries);
    int chosen = config.port() == 0 ? 0 : Ports.resolve(config.port(), "db.port");
    Path root = prepare(dir, serverUser);
    long started = System.nanoTime();
    String templatePassword =
        new ClusterTemplate(RuntimeDir.cache().resolve(TEMPLATES))
            .copyInto(binaries, serverUser, root.resolve("data"), root.resolve("initdb.log"));
    long initialized = System.nanoTime();
    // picked after the copy, just before the server binds it: a port is free only until taken
    int port = chosen != 0 ? chosen : Ports.free();
    ServerLaunch launch =
        new ServerLaunch(binaries, serverUser, root, port, settings, templatePassword);
    TierProcess server = launch.start();
    Optional<TierProcess> watch = Optional.empty();
    long ready;
    try {
      // Watching from the first moment: a controller killed during the start leaves nothing.
      if (owner.isPresent()) {
        watch = Optional.of(OwnerWatch.start(owner.getAsLong(), server.pid(), root));
      }
      launch.awaitReady(server);
      ready = System.nanoTime();
      launch.adoptPassword(password);
      launch.createDatabase();
      launch.createAppRole();
    } catch (RuntimeException e) {
      stopServer(server);
      watch.ifPresent(w -> w.stop(OwnerWatch.NO_GRACE));
      throw e;
    }
    Duration startTime = Duration.ofNanos(System.nanoTime() - started);
    LOG.info(
        "db tier up on port {} in {} ms (cluster copied in {} ms, server ready {} ms later),"
            + " PostgreSQL {}"
            + " from {}",
        port,
        startTime.toMillis(),
        (initialized - started) / 1_000_000,
        (ready - initialized) / 1_000_000,
        binaries.version(),
        binaries.source());
    return new PostgresTier(
        server, launch, watch, binaries, settings.settings(), port, password, startTime);
  }

  /**
   * Crashes the server as the kernel's OOM killer or a {@code kill -9} does: SIGKILL to the
   * postmaster and every backend at once, no checkpoint, nothing written out; then starts it again
   * on the same data directory, port, settings and password. PostgreSQL replays its WAL (crash
   * recovery) before it answers: what was committed survives (fsync is on unless a knob turned it
   * off), what was in flight is gone, and every client's session with it.
   *
   * @param owner the controller whose death stops the new server; empty for a detached stack
   * @return the tier on the restarted server; this one is closed
   * @throws io.tunelab.tiers.TierStartException when the server did not recover; nothing is left
   *     running then
   */
  public PostgresTier crashAndRestart(OptionalLong owner) {
    if (!closed.compareAndSet(false, true)) {
      throw new IllegalStateException("the db tier on port " + port + " was closed");
    }
    List<ProcessHandle> tree = new ArrayList<>();
    tree.add(server.handle());
    server.handle().descendants().forEach(tree::add);
    tree.forEach(ProcessHandle::destroyForcibly);
    tree.forEach(process -> process.onExit().join());
    ownerWatch.ifPresent(watch -> watch.stop(OwnerWatch.NO_GRACE));
    long started = System.nanoTime();
    TierProcess restarted = launch.start(true);
    Optional<TierProcess> watch = Optional.empty();
    try {
      if (owner.isPresent()) {
        watch = Optional.of(OwnerWatch.start(owner.getAsLong(), restarted.pid(), root()));
      }
      launch.awaitReady(restarted);
    } catch (RuntimeException e) {
      stopServer(restarted);
      watch.ifPresent(w -> w.stop(OwnerWatch.NO_GRACE));
      throw e;
    }
    Duration recovery = Duration.ofNanos(System.nanoTime() - started);
    LOG.info("db tier crashed and recovered on port {} in {} ms", port, recovery.toMillis());
    return new PostgresTier(restarted, launch, watch, binaries, settings, port, password, recovery);
  }

  private Path root() {
    return server.log().getParent();
  }

  private static Path prepare(Path dir, ServerUser serverUser) {
    Path root = dir.toAbsolutePath().normalize();
    try {
      Files.createDirectories(root);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + root, e);
    }
    serverUser.checkCanReach(root);
    serverUser.own(root);
    return root;
  }

  public String jdbcUrl() {
    return ServerLaunch.jdbcUrl(port, ServerLaunch.DATABASE);
  }

  public String user() {
    return ClusterInit.USER;
  }

  /**
   * The role the middleware connects as, not a superuser (see {@code ServerLaunch.APP_USER}); its
   * password is {@link #password()}.
   */
  public String appUser() {
    return ServerLaunch.APP_USER;
  }

  /** The superuser's password, made for this tier (or its stack) when it started. */
  public String password() {
    return password;
  }

  public int port() {
    return port;
  }

  /** The version of the server running, from {@code postgres --version}, e.g. {@code 15.18}. */
  public String version() {
    return binaries.version();
  }

  /** The binaries the server runs from, and where they were found. */
  public PgBinaries binaries() {
    return binaries;
  }

  /** The {@code -c} settings the server was started with (after dropping unavailable ones). */
  public Map<String, String> settings() {
    return settings;
  }

  @Override
  public String name() {
    return TierName.DB.label();
  }

  @Override
  public List<ProcessHandle> processes() {
    List<ProcessHandle> processes = new ArrayList<>();
    processes.add(server.handle());
    ownerWatch.ifPresent(watch -> processes.add(watch.handle()));
    return processes;
  }

  @Override
  public String stopSignal(ProcessHandle process) {
    return process.pid() == server.pid() ? "INT" : "TERM";
  }

  @Override
  public Duration startTime() {
    return startTime;
  }

  @Override
  public Path log() {
    return server.log();
  }

  /** Fast shutdown (SIGINT: clients are disconnected, the server checkpoints and ends). */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    stopServer(server);
    ownerWatch.ifPresent(watch -> watch.stop(OwnerWatch.NO_GRACE));
  }

  private static void stopServer(TierProcess server) {
    if (!server.isAlive()) {
      return;
    }
    try {
      // ProcessHandle only sends TERM (a smart shutdown, which waits for every client) or KILL.
      new ProcessBuilder("kill", "-INT", Long.toString(server.pid())).start().waitFor();
      if (server.waitFor(STOP_GRACE)) {
        return;
      }
      LOG.warn("PostgreSQL (pid {}) ignored SIGINT for {}; killing it", server.pid(), STOP_GRACE);
    } catch (IOException e) {
      LOG.warn("cannot send SIGINT to PostgreSQL (pid {}): {}", server.pid(), e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    // SIGTERM would only ask for a smart shutdown: insist, postmaster first so it restarts
    // nothing, with its children listed before they lose it as their parent.
    List<ProcessHandle> tree = new ArrayList<>();
    tree.add(server.handle());
    server.handle().descendants().forEach(tree::add);
    tree.forEach(ProcessHandle::destroyForcibly);
  }
}
