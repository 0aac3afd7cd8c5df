package io.tunelab.tiers.jmeter;

import io.tunelab.core.BadInputException;
import io.tunelab.core.results.RunLayout;
import io.tunelab.tiers.JavaCommand;
import io.tunelab.tiers.TierProcess;
import io.tunelab.tiers.TunelabHome;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The load generator on this host, one JVM for many runs: the load tier started once in its serving
 * mode ({@code io.tunelab.load.LoadMain serve}), then handed plan after plan, as JMeter's own
 * {@code jmeter-server} is. A run gets what a {@link LocalJmeter} run gets (its JTL, its log,
 * jmeter.log, the same exit statuses) without a JVM's start-up: 4-5 s of CPU a run on a 2-core
 * machine, spent beside the stack being measured, with JMeter cold every time.
 *
 * <p>A run that does not end within its timeout, or an interruption, kills the JVM; the next run
 * starts another. {@link #close()} ends it; so does the death of its owner or of this JVM (its
 * input then ends).
 */
public final class JmeterServer implements LoadGenerator, AutoCloseable {
  static final String READY = "tunelab-load-server ready";
  static final String DONE = "tunelab-load-server done ";

  /** How long a load JVM may take to unpack JMeter's home and say it is ready. */
  private static final Duration START = Duration.ofSeconds(60);

  private static final Duration STOP_GRACE = Duration.ofSeconds(5);

  /** What the answer queue holds when the server's output ended. */
  private static final String ENDED = "\u0000ended";

  private final TunelabHome home;
  private final List<String> jvmFlags;
  private final OptionalLong owner;
  private final Path dir;
  private volatile Server server;
  private final AtomicInteger started = new AtomicInteger();

  /** A running load JVM, its request pipe, the answers read from it and its own folder. */
  private record Server(
      TierProcess process, Writer requests, BlockingQueue<String> answers, Path work) {}

  /**
   * @param dir the server's folder: its log ({@code load-server.log}) and its JMeter home while it
   *     runs
   * @param owner the process whose death ends the load JVM; empty for none
   */
  public JmeterServer(TunelabHome home, List<String> jvmFlags, OptionalLong owner, Path dir) {
    this.home = home;
    this.jvmFlags = List.copyOf(jvmFlags);
    this.owner = owner;
    this.dir = dir.toAbsolutePath().normalize();
  }

  /** Load JVMs started so far: 1 for a run whose load runs all went well. */
  public int started() {
    return started.get();
  }

  /** The server's own log: its start and whatever ended it. */
  public Path log() {
    return dir.resolve("load-server.log");
  }

  @Override
  public LoadRun run(LoadPlan plan, Path runDir, Duration timeout, boolean dashboard) {
    return run(plan, runDir, timeout, dashboard, List.of());
  }

  /**
   * A load generator that runs each plan on {@code count} of {@code engines} in JMeter's
   * distributed mode, this server's JVM their controller, the plan told how many share it ({@value
   * LoadPlan#ENGINES_PROPERTY}); this server itself for one.
   */
  public LoadGenerator onEngines(int count, JmeterEngines engines) {
    return configured(count, engines, "", "", "");
  }

  /**
   * A load generator as {@link #onEngines} gives, its RMI listening on {@code controllerHost}
   * (127.0.0.1 when empty) for engines on other hosts, whose plans also send their samplers' live
   * metrics to an InfluxDB write URL with JMeter's backend listener, tagged {@code application};
   * none when the URL is empty.
   */
  public LoadGenerator configured(
      int count,
      JmeterEngines engines,
      String controllerHost,
      String influxdbUrl,
      String application) {
    boolean remote = count > 1 || engines.named();
    if (!remote && influxdbUrl.isEmpty()) {
      return this;
    }
    return (plan, runDir, timeout, dashboard) -> {
      LoadPlan sent = plan;
      List<String> extra = new java.util.ArrayList<>();
      if (remote) {
        sent = plan.with(LoadPlan.ENGINES_PROPERTY, String.valueOf(count));
        extra.addAll(List.of("--remote", String.join(",", engines.addresses(count))));
        if (!controllerHost.isEmpty()) {
          extra.addAll(List.of("--rmi-host", controllerHost));
        }
      }
      if (!influxdbUrl.isEmpty()) {
        extra.addAll(List.of("--influxdb", influxdbUrl, "--influxdb-application", application));
      }
      return run(sent, runDir, timeout, dashboard, extra);
    };
  }

  private synchronized LoadRun run(
      LoadPlan plan, Path runDir, Duration timeout, boolean dashboard, List<String> extra) {
    Path work = runDir.toAbsolutePath().normalize();
    Path jtl = work.resolve(RunLayout.JTL);
    Path log = work.resolve(RunLayout.LOAD_LOG);
    LocalJmeter.deleteOld(log);
    List<String> args =
        new java.util.ArrayList<>(LocalJmeter.arguments(home, plan, work, dashboard));
    args.addAll(extra);
    String request = line(log, args, LocalJmeter.secrets(plan));
    long began = System.nanoTime();
    int exit = exchange(request, log, timeout);
    if (exit != 0 && extra.contains("--remote")) {
      // JMeter's controller keeps static state across runs (ResultCollector's open JTLs and its
      // count of engines yet to end): after a distributed run that did not end well it cannot be
      // trusted with the next run's JTL (found: the next runs' JTLs cut short or empty). The next
      // run starts a new load JVM.
      Server running = server;
      if (running != null) {
        kill(running);
      }
    }
    if (exit == 2) {
      throw new BadInputException(LocalJmeter.loadSays(log) + " (log: " + log + ")");
    }
    return new LoadRun(
        exit, jtl, log, work.resolve("jmeter.log"), Duration.ofNanos(System.nanoTime() - began));
  }

  /**
   * JMeter's HTML dashboard of each JTL written earlier, in this load JVM ({@code jmeter -g JTL -o
   * DIR} for each), as {@link LocalJmeter#dashboards} writes them in a JVM of their own.
   *
   * @param jobs each JTL and the folder its dashboard goes to (replaced)
   * @param work where this job's log goes ({@code load.log}) and JMeter's home while it runs
   * @return whether every dashboard was written; the log says why one was not
   */
  public synchronized boolean dashboards(Map<Path, Path> jobs, Path work, Duration timeout) {
    if (jobs.isEmpty()) {
      return true;
    }
    Path folder = work.toAbsolutePath().normalize();
    Path log = folder.resolve(RunLayout.LOAD_LOG);
    LocalJmeter.deleteOld(log);
    List<String> args =
        new java.util.ArrayList<>(List.of("dashboards", "--work", folder.toString()));
    jobs.forEach((jtl, out) -> args.addAll(List.of(jtl.toString(), out.toString())));
    return exchange(line(log, args, Map.of()), log, timeout) == 0;
  }

  /**
   * Sends one request and waits for its answer.
   *
   * @return the exit status a one-shot load JVM would have ended with
   * @throws IllegalStateException when it does not answer within {@code timeout} or this thread is
   *     interrupted (the load JVM is killed then)
   */
  private int exchange(String request, Path log, Duration timeout) {
    Server running = running();
    String answer;
    try {
      running.requests().write(request + "\n");
      running.requests().flush();
      answer = running.answers().poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      kill(running);
      throw new IllegalStateException("interrupted while the load ran; stopped it", e);
    } catch (IOException e) {
      answer = ENDED; // the JVM is gone: its exit status says why
    }
    if (answer == null) {
      kill(running);
      throw LocalJmeter.timedOut(timeout, log);
    }
    if (answer.startsWith(DONE)) {
      return Integer.parseInt(answer.substring(DONE.length()).trim());
    }
    return ended(running);
  }

  /** Ends the load JVM: its input closed, it finishes and exits; killed if it does not. */
  @Override
  public void close() {
    Server running = server;
    server = null;
    if (running == null) {
      return;
    }
    try {
      running.requests().close();
    } catch (IOException e) {
      // already gone
    }
    try {
      if (!running.process().waitFor(STOP_GRACE)) {
        kill(running);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      kill(running);
    }
    deleteQuietly(running.work());
  }

  private Server running() {
    Server current = server;
    if (current != null && current.process().isAlive()) {
      return current;
    }
    server = null;
    Server fresh = start();
    server = fresh;
    return fresh;
  }

  private Server start() {
    Path work;
    try {
      // a folder of its own: two servers beside each other (two test JVMs) share the parent
      work =
          java.nio.file.Files.createTempDirectory(
              java.nio.file.Files.createDirectories(dir), "load-server-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot make the load JVM's folder in " + dir, e);
    }
    List<String> args = List.of("serve", "--work", work.toString());
    TierProcess process =
        JavaCommand.withClassArchive(home.dist(LocalJmeter.NAME), jvmFlags, owner, args)
            .startServing(LocalJmeter.NAME, dir, log(), Map.of());
    started.incrementAndGet();
    BlockingQueue<String> answers = new LinkedBlockingQueue<>();
    Thread reader = new Thread(() -> read(process, answers), "tunelab-load-answers");
    reader.setDaemon(true);
    reader.start();
    Server fresh =
        new Server(
            process,
            new OutputStreamWriter(process.requests(), StandardCharsets.UTF_8),
            answers,
            work);
    String ready;
    try {
      ready = answers.poll(START.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      kill(fresh);
      throw new IllegalStateException("interrupted while the load JVM started; stopped it", e);
    }
    if (!READY.equals(ready)) {
      kill(fresh);
      throw new IllegalStateException(
          "the load JVM did not start"
              + (ready == null ? " within " + START.toSeconds() + " s" : "")
              + ": "
              + TierProcess.tail(log(), 15));
    }
    return fresh;
  }

  private static void read(TierProcess process, BlockingQueue<String> answers) {
    try (BufferedReader lines =
        new BufferedReader(new InputStreamReader(process.answers(), StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        if (line.equals(READY) || line.startsWith(DONE)) {
          answers.add(line);
        }
      }
    } catch (IOException | UncheckedIOException e) {
      // the pipe broke with the process: its end is what counts
    }
    answers.add(ENDED);
  }

  /** The exit status of a load JVM whose output ended mid-run (1 when it says 0). */
  private int ended(Server running) {
    try {
      running.process().waitFor(STOP_GRACE);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    kill(running);
    int exit = running.process().exitValue();
    return exit <= 0 ? 1 : exit;
  }

  private void kill(Server running) {
    if (server == running) {
      server = null;
    }
    running.process().stop(STOP_GRACE);
    deleteQuietly(running.work()); // JMeter's home, which a killed server could not remove
  }

  private static void deleteQuietly(Path tree) {
    try (java.util.stream.Stream<Path> paths = java.nio.file.Files.walk(tree)) {
      for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        java.nio.file.Files.deleteIfExists(path);
      }
    } catch (IOException | UncheckedIOException e) {
      // absent, or a copy of JMeter's configuration left behind: harmless
    }
  }

  /** A request as the load tier's serving mode reads it: URL-encoded fields on one line. */
  static String line(Path log, List<String> args, Map<String, String> secrets) {
    StringBuilder line = new StringBuilder("log=").append(encode(log.toString()));
    args.forEach(arg -> line.append(" arg=").append(encode(arg)));
    secrets.forEach((name, value) -> line.append(" secret=").append(encode(name + "=" + value)));
    return line.toString();
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
