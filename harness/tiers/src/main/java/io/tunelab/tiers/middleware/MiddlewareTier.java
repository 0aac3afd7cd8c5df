package io.tunelab.tiers.middleware;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunelab.core.BadInputException;
import io.tunelab.core.findings.MiddlewareExit;
import io.tunelab.core.knobs.MiddlewareKnobs;
import io.tunelab.core.knobs.MiddlewareKnobs.Role;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.core.stack.TierName;
import io.tunelab.tiers.JavaCommand;
import io.tunelab.tiers.Ports;
import io.tunelab.tiers.ProcessTier;
import io.tunelab.tiers.Readiness;
import io.tunelab.tiers.TierInputException;
import io.tunelab.tiers.TierProcess;
import io.tunelab.tiers.TierStartException;
import io.tunelab.tiers.TunelabHome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * The middleware tier: the reference middleware ({@code harness/middleware}) in its own JVM,
 * reading {@code <dir>/middleware.properties} written from a {@link MiddlewareConfig} and the
 * stack's {@link Endpoints} (its passwords in its environment, never in the file), logging to
 * {@code <dir>/middleware.log}, answering {@code /health} and {@code /status} on a free port of
 * 127.0.0.1. Its collections are recorded by the observer (JFR, attached), not logged.
 */
public final class MiddlewareTier extends ProcessTier {
  public static final String NAME = TierName.MIDDLEWARE.label();

  private static final String ERROR_PREFIX = "tunelab middleware: ";
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);
  private static final Duration STOP_GRACE = Duration.ofSeconds(15);
  private static final int DEATH_LOG_LINES = 5;

  private final MiddlewareClient client;

  /** Whether this instance opens the SOAP services (its role is all or sync). */
  private final boolean servesRequests;

  /** The instances after this one ({@code middleware.instances}), each its own JVM. */
  private final List<MiddlewareTier> others = new ArrayList<>();

  private MiddlewareTier(
      TierProcess process, MiddlewareClient client, Duration startTime, boolean servesRequests) {
    super(NAME, process, startTime, STOP_GRACE);
    this.client = client;
    this.servesRequests = servesRequests;
  }

  /**
   * Starts the middleware JVM against a running stack and waits until {@code /health} answers.
   *
   * @param dir the tier's directory: settings file and log
   * @param owner the controller whose death stops the middleware; empty for a detached one
   * @throws BadInputException naming the setting when the middleware rejects its settings
   * @throws TierStartException with the log tail when it does not come up; nothing is left running
   */
  public static MiddlewareTier start(
      MiddlewareConfig config, Endpoints endpoints, Path dir, OptionalLong owner) {
    MiddlewareTier first = startOne(config.instance(1), endpoints, dir, owner);
    try {
      for (int instance = 2; instance <= config.instances(); instance++) {
        first.others.add(
            startOne(config.instance(instance), endpoints, instanceDir(dir, instance), owner));
      }
    } catch (RuntimeException e) {
      first.close();
      throw e;
    }
    return first;
  }

  /** The folder of instance {@code instance} (from 2) of a tier whose first instance is in dir. */
  public static Path instanceDir(Path dir, int instance) {
    return dir.resolve("instance-" + instance);
  }

  private static MiddlewareTier startOne(
      MiddlewareConfig config, Endpoints endpoints, Path dir, OptionalLong owner) {
    Path home = dir.toAbsolutePath().normalize();
    // Port 0: the middleware binds a free port itself and names it in its ready banner, so no
    // other process can take a port picked here before the child binds it.
    Path settings = writeSettings(home, config.properties(endpoints, 0));
    List<String> flags = new ArrayList<>(config.jvmFlags());
    JavaCommand.Launch launch =
        JavaCommand.withClassArchive(
            TunelabHome.locate().dist(NAME),
            flags,
            owner,
            List.of("--config", settings.toString()));
    long started = System.nanoTime();
    Path log = home.resolve(NAME + ".log");
    // Only this launch's lines: an earlier middleware of the folder with the same (reused) pid
    // left a banner naming its own port, long closed.
    long logStart = sizeOf(log);
    TierProcess process = launch.start(NAME, home, log, MiddlewareConfig.secrets(endpoints));
    MiddlewareClient[] client = new MiddlewareClient[1];
    try {
      Readiness.await(
          process,
          READY_TIMEOUT,
          () -> {
            if (client[0] == null) {
              statusPort(process.log(), process.pid(), logStart)
                  .ifPresent(port -> client[0] = client(port));
            }
            if (client[0] == null) {
              throw new IllegalStateException("no ready banner in its log yet");
            }
            client[0].checkHealthy();
            return true;
          });
    } catch (TierInputException e) {
      process.stop(STOP_GRACE);
      throw process.exitValue() == Readiness.BAD_INPUT_STATUS ? badSettings(process, e) : e;
    } catch (RuntimeException e) {
      process.stop(STOP_GRACE);
      throw e;
    }
    boolean servesRequests =
        MiddlewareKnobs.ROLE
            .parse(config.settings().getOrDefault(MiddlewareConfig.ROLE_KEY, Role.ALL.label()))
            .get(0)
            .servesRequests();
    return new MiddlewareTier(
        process, client[0], Duration.ofNanos(System.nanoTime() - started), servesRequests);
  }

  /** What the middleware prints once ready, with its status URL: see MiddlewareMain. */
  static final java.util.regex.Pattern READY =
      java.util.regex.Pattern.compile(
          "tunelab middleware ready: status http://127\\.0\\.0\\.1:(\\d+) \\(pid (\\d+)\\)");

  /**
   * The status port this process's ready banner names; empty until it printed it. The log is
   * appended to by every middleware started in the folder: the pid tells them apart, and only what
   * was written from {@code fromByte} on (this launch's lines) is read, since pids are reused. All
   * of that is read: a middleware that starts on a full queue can log hundreds of lines between its
   * banner and the next poll.
   */
  static java.util.Optional<Integer> statusPort(Path log, long pid, long fromByte) {
    try (java.io.InputStream in = Files.newInputStream(log)) {
      in.skipNBytes(Math.min(fromByte, Files.size(log)));
      return new java.io.BufferedReader(
              new java.io.InputStreamReader(in, StandardCharsets.ISO_8859_1))
          .lines()
          .map(READY::matcher)
          .filter(m -> m.find() && Long.parseLong(m.group(2)) == pid)
          .map(m -> Integer.parseInt(m.group(1)))
          .reduce((first, last) -> last);
    } catch (IOException | UncheckedIOException e) {
      return java.util.Optional.empty();
    }
  }

  private static long sizeOf(Path file) {
    try {
      return Files.exists(file) ? Files.size(file) : 0;
    } catch (IOException e) {
      return 0;
    }
  }

  private static MiddlewareClient client(int port) {
    return new MiddlewareClient(URI.create("http://" + Ports.LOOPBACK + ":" + port));
  }

  /**
   * Parks the middleware: it closes its consumers, fetchers, engine and dequeue threads and takes
   * no more work, its JVM (and what its JIT compiled) kept, until {@link #resume}.
   */
  public void park() {
    client.post("/park");
    others.forEach(MiddlewareTier::park);
  }

  /** Takes work again after {@link #park}. */
  public void resume() {
    client.post("/resume");
    others.forEach(MiddlewareTier::resume);
  }

  /** How many middleware JVMs this tier runs ({@code middleware.instances}). */
  public int instances() {
    return 1 + others.size();
  }

  /** Each instance's status URL, the first instance's first. */
  public List<String> statusUrls() {
    List<String> urls = new ArrayList<>(List.of(statusUrl()));
    others.forEach(other -> urls.add(other.statusUrl()));
    return urls;
  }

  /**
   * The billing-care endpoint of each instance that serves requests (role all or sync), in the
   * instances' order.
   *
   * @throws IllegalStateException when no instance serves them
   */
  public List<URI> billingUrls() {
    return serving(MiddlewareTier::ownBillingUrl);
  }

  /** The sort-request service of each instance that serves requests, in the instances' order. */
  public List<URI> sortUrls() {
    return serving(MiddlewareTier::ownSortUrl);
  }

  private List<URI> serving(java.util.function.Function<MiddlewareTier, URI> url) {
    List<URI> urls =
        Stream.concat(Stream.of(this), others.stream())
            .filter(instance -> instance.servesRequests)
            .map(url)
            .toList();
    if (urls.isEmpty()) {
      throw new IllegalStateException(
          "no middleware instance serves requests (middleware.role): their /status names no"
              + " billing.url or sort.url");
    }
    return urls;
  }

  /** Each instance's {@code /status}, the first instance's first. */
  public List<JsonNode> statuses() {
    List<JsonNode> all = new ArrayList<>(List.of(status()));
    others.forEach(other -> all.add(other.status()));
    return all;
  }

  /** Every instance's JVM, the first instance's first. */
  @Override
  public List<ProcessHandle> processes() {
    List<ProcessHandle> all = new ArrayList<>(super.processes());
    others.forEach(other -> all.addAll(other.processes()));
    return all;
  }

  /** Stops every instance, the others first. */
  @Override
  public void close() {
    others.forEach(MiddlewareTier::close);
    super.close();
  }

  private static Path writeSettings(Path home, String properties) {
    Path file = home.resolve(NAME + ".properties");
    try {
      Files.createDirectories(home);
      Files.writeString(file, properties, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the middleware settings " + file, e);
    }
    return file;
  }

  /** The middleware's own words about the setting it rejected, from its log. */
  private static BadInputException badSettings(TierProcess process, TierInputException cause) {
    String reason =
        TierProcess.tail(process.log(), 50)
            .lines()
            .filter(line -> line.startsWith(ERROR_PREFIX))
            .reduce((first, last) -> last)
            .map(line -> line.substring(ERROR_PREFIX.length()))
            .orElse("see " + process.log());
    return new BadInputException(
        "the middleware rejected its settings: "
            + reason
            + ": each setting KEY is the knob middleware.KEY; set it to an allowed value"
            + " (./tunelab knobs lists them)",
        cause);
  }

  /** Root URL of the status endpoint, e.g. {@code http://127.0.0.1:41234}. */
  public String statusUrl() {
    return client.statusUrl().toString();
  }

  /**
   * The billing-care SOAP endpoint of the first instance that serves requests, as it reports it
   * under {@code billing.url} in {@code /status}, e.g. {@code http://127.0.0.1:41235/BillingCare}.
   */
  public URI billingUrl() {
    return billingUrls().get(0);
  }

  private URI ownBillingUrl() {
    String url = status().path("billing").path("url").asText("");
    if (url.isEmpty()) {
      throw new IllegalStateException("the middleware's /status names no billing.url");
    }
    return URI.create(url);
  }

  /**
   * The sort-request service's URL of the first instance that serves requests, read from its {@code
   * /status}, e.g. {@code http://127.0.0.1:41236/sort}.
   */
  public URI sortUrl() {
    return sortUrls().get(0);
  }

  private URI ownSortUrl() {
    String url = status().path("sort").path("url").asText("");
    if (url.isEmpty()) {
      throw new IllegalStateException("the middleware's /status names no sort.url");
    }
    return URI.create(url);
  }

  /**
   * Why the middleware is gone when its process ended without being stopped (a crash, an
   * out-of-memory exit, a kill): exit status, log and its last lines; empty while it runs or once
   * it was closed.
   */
  public Optional<String> death() {
    return ownExit()
        .map(
            exit -> {
              String tail = process().logTail(DEATH_LOG_LINES);
              return "the middleware (pid "
                  + exit.pid()
                  + ") exited with status "
                  + exit.status()
                  + (exit.outOfMemory()
                      ? " (out of memory: raise middleware.jvm.heapMegabytes)"
                      : "")
                  + "; its log is "
                  + process().log()
                  + (tail.isBlank() ? "" : ", ending:\n" + tail.indent(2).stripTrailing());
            })
        .or(() -> others.stream().flatMap(other -> other.death().stream()).findFirst());
  }

  /**
   * How the middleware ended when its process ended without being stopped (see {@link #death});
   * empty while it runs or once it was closed.
   */
  public Optional<MiddlewareExit> exit() {
    return ownExit().or(() -> others.stream().flatMap(o -> o.exit().stream()).findFirst());
  }

  private Optional<MiddlewareExit> ownExit() {
    if (closed() || process().isAlive()) {
      return Optional.empty();
    }
    String tail = process().logTail(DEATH_LOG_LINES);
    List<String> lines = tail.lines().filter(line -> !line.isBlank()).toList();
    boolean outOfMemory = tail.contains("OutOfMemoryError");
    String last =
        lines.stream()
            .filter(line -> !outOfMemory || line.contains("OutOfMemoryError"))
            .reduce((first, second) -> second)
            .orElse("");
    return Optional.of(
        new MiddlewareExit(process().pid(), process().exitValue(), outOfMemory, last));
  }

  /** The middleware's {@code /status}: pid, JVM input arguments, effective settings. */
  public JsonNode status() {
    return client.status();
  }

  @Override
  public String toString() {
    return "middleware (status " + statusUrl() + ", " + process() + ")";
  }
}
