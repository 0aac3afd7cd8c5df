package io.tunelab.tiers.jmeter;

import io.tunelab.tiers.JavaCommand;
import io.tunelab.tiers.TierProcess;
import io.tunelab.tiers.TunelabHome;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The load engines of JMeter's distributed mode on this host: each one the load tier's JVM in its
 * engine mode ({@code io.tunelab.load.LoadMain engine}, JMeter's remote engine bound in an RMI
 * registry on 127.0.0.1), started when a run first asks for it and kept for the runs after, as
 * {@code jmeter-server}s are. Engine N gets the JMeter property {@code tunelab.engine=N}, by which
 * a plan takes its share of the orders' numbers. {@link #close()} ends them; so does the death of
 * their owner or of this JVM (their input then ends).
 */
public final class JmeterEngines implements AutoCloseable {
  static final String READY = "tunelab-load-engine ready";

  /** The most engines a run may ask for. */
  public static final int MAX = 8;

  private static final String HOST = "127.0.0.1";
  private static final Duration START = Duration.ofSeconds(60);
  private static final Duration STOP_GRACE = Duration.ofSeconds(5);
  private static final int PORT_TRIES = 3;

  private final TunelabHome home;
  private final List<String> jvmFlags;
  private final OptionalLong owner;
  private final Path dir;
  private final List<Engine> running = new ArrayList<>();

  /** Engines someone else runs (on other hosts), by address; null when this class starts them. */
  private final List<String> fixed;

  /** A running engine: its JVM and the registry its controller looks it up in. */
  private record Engine(TierProcess process, String address) {}

  /**
   * @param dir where the engines' logs ({@code load-engine-N.log}) and working folders go
   * @param owner the process whose death ends the engines; empty for none
   */
  public JmeterEngines(TunelabHome home, List<String> jvmFlags, OptionalLong owner, Path dir) {
    this.home = home;
    this.jvmFlags = List.copyOf(jvmFlags);
    this.owner = owner;
    this.dir = dir.toAbsolutePath().normalize();
    this.fixed = null;
  }

  private JmeterEngines(List<String> fixed) {
    this.home = null;
    this.jvmFlags = List.of();
    this.owner = OptionalLong.empty();
    this.dir = null;
    this.fixed = List.copyOf(fixed);
  }

  /**
   * Engines already running at these addresses ({@code host:port} of each one's RMI registry, in
   * engine order), started by someone else: nothing is started or stopped here.
   */
  public static JmeterEngines at(List<String> addresses) {
    return new JmeterEngines(addresses);
  }

  /**
   * The addresses ({@code host:port}) of {@code count} running engines, numbered 1 to count,
   * starting those not running yet; an engine that died is started again.
   *
   * @throws IllegalStateException when an engine does not start
   */
  public synchronized List<String> addresses(int count) {
    if (fixed != null) {
      if (count != fixed.size()) {
        throw new IllegalArgumentException(
            count + " engines asked of the " + fixed.size() + " named: " + fixed);
      }
      return fixed;
    }
    if (count < 1 || count > MAX) {
      throw new IllegalArgumentException("engines must be 1.." + MAX + ", was " + count);
    }
    for (int index = 1; index <= count; index++) {
      if (running.size() >= index && !running.get(index - 1).process().isAlive()) {
        running.get(index - 1).process().stop(STOP_GRACE);
        running.set(index - 1, start(index));
      } else if (running.size() < index) {
        running.add(start(index));
      }
    }
    return running.subList(0, count).stream().map(Engine::address).toList();
  }

  /** Whether these are engines someone else runs ({@link #at}), which a run always uses. */
  public boolean named() {
    return fixed != null;
  }

  /** How many engines run now (1 to n, numbered in order). */
  public synchronized int running() {
    if (fixed != null) {
      return fixed.size();
    }
    int alive = 0;
    while (alive < running.size() && running.get(alive).process().isAlive()) {
      alive++;
    }
    return alive;
  }

  /** The engines' logs, one per engine started. */
  public synchronized List<Path> logs() {
    List<Path> logs = new ArrayList<>();
    for (int index = 1; index <= running.size(); index++) {
      logs.add(log(index));
    }
    return logs;
  }

  private Path log(int index) {
    return dir.resolve("load-engine-" + index + ".log");
  }

  private Engine start(int index) {
    IllegalStateException last = null;
    for (int attempt = 0; attempt < PORT_TRIES; attempt++) {
      int port = freePort();
      try {
        return start(index, port);
      } catch (IllegalStateException e) {
        last = e; // most likely the port, taken between its probe and the engine's bind
      }
    }
    throw last;
  }

  private Engine start(int index, int port) {
    Path work;
    try {
      work = Files.createDirectories(dir.resolve("load-engine-" + index));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot make the engine's folder in " + dir, e);
    }
    List<String> args =
        List.of(
            "engine",
            "--work",
            work.toString(),
            "--host",
            HOST,
            "--port",
            String.valueOf(port),
            "--index",
            String.valueOf(index));
    TierProcess process =
        JavaCommand.withClassArchive(home.dist(LocalJmeter.NAME), jvmFlags, owner, args)
            .startServing(LocalJmeter.NAME + "-engine-" + index, work, log(index), Map.of());
    CompletableFuture<Boolean> ready = new CompletableFuture<>();
    Thread reader = new Thread(() -> read(process, ready), "tunelab-load-engine-" + index);
    reader.setDaemon(true);
    reader.start();
    try {
      if (ready.get(START.toMillis(), TimeUnit.MILLISECONDS)) {
        return new Engine(process, HOST + ":" + port);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.stop(STOP_GRACE);
      throw new IllegalStateException("interrupted while load engine " + index + " started", e);
    } catch (ExecutionException | TimeoutException e) {
      // said below
    }
    process.stop(STOP_GRACE);
    throw new IllegalStateException(
        "load engine "
            + index
            + " did not start within "
            + START.toSeconds()
            + " s: "
            + TierProcess.tail(log(index), 15));
  }

  /** Reads the engine's output to its end (JMeter prints there too), noting when it is ready. */
  private static void read(TierProcess process, CompletableFuture<Boolean> ready) {
    try (BufferedReader lines =
        new BufferedReader(new InputStreamReader(process.answers(), StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        if (line.startsWith(READY)) {
          ready.complete(true);
        }
      }
    } catch (IOException | UncheckedIOException e) {
      // the pipe broke with the process
    }
    ready.complete(false);
  }

  private static int freePort() {
    try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
      return probe.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free port on " + HOST + " for a load engine", e);
    }
  }

  /** Ends every engine: its input closed, it ends; killed if it does not. */
  @Override
  public synchronized void close() {
    for (Engine engine : running) {
      try {
        engine.process().requests().close();
      } catch (IOException e) {
        // already gone
      }
    }
    for (Engine engine : running) {
      try {
        if (!engine.process().waitFor(STOP_GRACE)) {
          engine.process().stop(STOP_GRACE);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        engine.process().stop(STOP_GRACE);
      }
    }
    running.clear();
  }
}
