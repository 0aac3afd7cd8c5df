package io.tunelab.run;

import io.tunelab.core.HarnessFailureException;
import io.tunelab.core.knobs.BrokerKnobs;
import io.tunelab.core.knobs.DataKnobs;
import io.tunelab.core.knobs.Jfr;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.KnobTier;
import io.tunelab.core.knobs.MiddlewareKnobs;
import io.tunelab.core.knobs.MocksKnobs;
import io.tunelab.core.results.OutputFiles;
import io.tunelab.core.results.SteadyStateReport;
import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.core.stack.TierName;
import io.tunelab.run.observe.HostClock;
import io.tunelab.run.observe.JvmRecording;
import io.tunelab.run.observe.ObserverConfig;
import io.tunelab.run.observe.StackClock;
import io.tunelab.tiers.broker.BrokerAttributes;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.db.Database;
import io.tunelab.tiers.middleware.MiddlewareConfig;
import io.tunelab.tiers.middleware.MiddlewareTier;
import io.tunelab.tiers.mocks.MocksClient;
import io.tunelab.tiers.stack.BrokerDisk;
import io.tunelab.tiers.stack.Stack;
import io.tunelab.tiers.stack.StackConfig;
import io.tunelab.tiers.stack.StackProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Consumer;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The tiers of a run, brought to each step's knobs with as few restarts as the knobs allow: the
 * middleware restarts when one of its knobs changed; a stack tier (db, broker, mocks) restarts
 * alone, on its port, when a restart knob of its own changed (the whole stack when the provider
 * cannot restart one tier), and then the middleware too, whose connections went with it. Live knobs
 * (mock latency and fault rate) are set on the running mocks. With parking (rounds), a middleware
 * is parked instead of stopped and resumed at its configuration's next visit, also across a stack
 * tier restarted on its port.
 */
public final class RunTiers implements AutoCloseable {
  private static final Set<KnobTier> STACK_TIERS =
      EnumSet.of(KnobTier.DB, KnobTier.BROKER, KnobTier.MOCKS);

  private final StackProvider provider;
  private final Path logsDir;
  private final Consumer<String> notices;
  private Stack stack;
  private MiddlewareTier middleware;
  private KnobSet current;
  private int stackGeneration;
  private int middlewareJvm;
  private int startedJvms;
  private Optional<SteadyStateReport> middlewareWarmup = Optional.empty();

  /**
   * Whether a step's middleware JVM is parked, not stopped, when another step's knobs need another
   * one, and resumed (warm) at the step's next visit; set for interleaved schedules.
   */
  private boolean parking;

  /** Parked middleware JVMs by the configuration they run, on the current stack. */
  private final Map<JvmKey, Parked> parked = new LinkedHashMap<>();

  /**
   * Whether each middleware JVM gets its recorder ({@code middleware.jvm.jfr}) right after it
   * starts: when the run observes, which reads the recordings.
   */
  private boolean recording;

  /**
   * What makes one middleware JVM unlike another: its settings and flags, and the recorder it
   * started with (a JVM recorded with other settings is another JVM: it warmed up with its own).
   */
  private record JvmKey(MiddlewareConfig config, Jfr recorder) {
    static JvmKey of(KnobSet knobs) {
      return new JvmKey(MiddlewareConfig.from(knobs), knobs.get(MiddlewareKnobs.JFR));
    }
  }

  /** A parked middleware JVM, with what the run knows of it. */
  private record Parked(
      MiddlewareTier tier, int jvm, Optional<SteadyStateReport> warmup, KnobSet knobs) {}

  /**
   * @param logsDir where each stack's tier logs are copied when it stops
   * @param notices where to say what the tiers needed beyond the knobs (in-doubt transactions)
   */
  RunTiers(StackProvider provider, Path logsDir, Consumer<String> notices) {
    this.provider = provider;
    this.logsDir = logsDir;
    this.notices = notices;
  }

  /**
   * Parks a step's middleware JVM when the next step needs another configuration, instead of
   * stopping it, and resumes it at the step's next visit: an interleaved schedule then warms each
   * step's JVM up once, not at every visit.
   */
  synchronized void parkMiddlewares(boolean value) {
    parking = value;
  }

  /**
   * Brings the tiers to {@code knobs}.
   *
   * @param middlewareDir the folder of a middleware started now (settings file and log)
   * @return the tiers restarted (all on the first call)
   */
  synchronized List<String> apply(KnobSet knobs, Path middlewareDir) {
    Set<KnobTier> changed =
        current == null ? EnumSet.allOf(KnobTier.class) : knobs.restartsFrom(current);
    List<String> restarted = new ArrayList<>();
    List<KnobTier> stackTiers = STACK_TIERS.stream().filter(changed::contains).toList();
    boolean stackRestart = !stackTiers.isEmpty();
    boolean dead = middleware != null && middleware.death().isPresent();
    if (dead) {
      // before anything starts: the next step's middleware must not take up its orders
      discardDeadMiddleware();
    }
    if (stackRestart) {
      // Parked middlewares hold no broker connection, and their pools replace the database
      // connections a restart broke: in rounds they outlive a tier restarted on its port, and
      // stay warm. A whole new stack (other ports) ends them.
      if (parking && stack != null && middleware != null && !dead) {
        parkCurrent();
      } else {
        stopMiddleware();
      }
      if (stack == null || !restartEach(stackTiers, StackConfig.from(knobs))) {
        stopMiddleware();
        stopParked();
        stopStack();
        stack = provider.start(StackConfig.from(knobs));
        stackGeneration++;
        stackTiers = List.copyOf(STACK_TIERS);
      }
      stackTiers.forEach(tier -> restarted.add(tier.label()));
      recordStackJvms(knobs, stackTiers);
      if (stackTiers.contains(KnobTier.BROKER)) {
        checkBroker(knobs);
      }
      if (stackTiers.contains(KnobTier.DB)) {
        // The middleware reads its tables as it starts (async.persist recovers what a crash left).
        database().migrate();
      }
    }
    mocksAsKnobs(knobs);
    if (stackRestart || changed.contains(KnobTier.MIDDLEWARE) || dead) {
      if (parking && !dead && middleware != null) {
        parkCurrent();
      } else {
        stopMiddleware();
      }
      if (!resumeParked(knobs)) {
        rollbackInDoubt();
        startMiddleware(knobs, middlewareDir);
        restarted.add(KnobTier.MIDDLEWARE.label());
      }
    }
    current = knobs;
    return restarted;
  }

  /**
   * A broker already past its disk limit blocks every producer: refused with the way out, instead
   * of a run that stalls until its load times out. The broker's own view, so any provider's.
   */
  private void checkBroker(KnobSet knobs) {
    try (BrokerManagement broker = BrokerManagement.of(stack.endpoints())) {
      BrokerAttributes attributes = broker.attributes();
      BrokerDisk.check(
          attributes.maxDiskUsage(),
          java.util.OptionalDouble.of(100 * attributes.diskStoreUsage()),
          "");
      BrokerJournal.fallback(attributes, knobs).ifPresent(notices);
    }
  }

  /**
   * A load run that did not end, named by its cause when the broker's disk filled up during the run
   * (the broker then blocks every producer, so the load would wait until its timeout in every
   * repetition): a harness failure saying so and the way out. Otherwise the failure as it was.
   */
  public RuntimeException loadFailed(RuntimeException failure) {
    return brokerBlocking()
        .<RuntimeException>map(
            why -> new HarnessFailureException(failure.getMessage() + ": " + why, failure))
        .orElse(failure);
  }

  /**
   * Why the broker blocks every producer, when its journal's file system filled past its {@code
   * max-disk-usage} (the middleware's own sends between stages block too, so a drain stalls); empty
   * when it does not, or cannot say.
   */
  public Optional<String> brokerBlocking() {
    try (BrokerManagement broker = BrokerManagement.of(stack.endpoints())) {
      BrokerAttributes disk = broker.attributes();
      return BrokerDisk.blocking(disk.maxDiskUsage(), 100 * disk.diskStoreUsage());
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  /** Sets the mocks' live knobs (latency, faults, answer sizes) as {@code knobs} say. */
  public synchronized void mocksAsKnobs(KnobSet knobs) {
    for (Backend backend : mockedBackends()) {
      MocksKnobs.BackendKnobs its = MocksKnobs.of(backend);
      MocksClient mock = mock(backend);
      mock.setLatency(knobs.get(its.latency()));
      mock.setFaults(knobs.get(its.faultRate()), knobs.get(its.faultKind()));
    }
    brm().setRepeats(StackConfig.brmRepeats(knobs));
  }

  /**
   * Every back-end mock answers at once (latency 0), the rest of the knobs as they are: for a
   * warm-up at full speed ({@code workload.warmupFullSpeed}); {@link #mocksAsKnobs} restores them.
   */
  public synchronized void mocksAtFullSpeed() {
    for (Backend backend : mockedBackends()) {
      mock(backend).setLatency(io.tunelab.core.knobs.Latency.NONE);
    }
  }

  /** The back-ends this stack's mocks serve: an optional one (the driver) where it has one. */
  private List<Backend> mockedBackends() {
    return Arrays.stream(Backend.values()).filter(endpoints()::serves).toList();
  }

  /**
   * Parks the running middleware with what the run knows of it, and waits until it is idle: its JIT
   * goes on compiling what the load queued for a while after the load stopped, and that CPU would
   * be taken from the next step's measurement.
   */
  private void parkCurrent() {
    middleware.park();
    parked.put(
        JvmKey.of(current), new Parked(middleware, middlewareJvm, middlewareWarmup, current));
    List<Long> pids = middlewarePids();
    middleware = null;
    String waited = ParkedQuiet.await(pids);
    if (!waited.isEmpty()) {
      notices.accept(waited);
    }
  }

  /**
   * Resumes the parked middleware of this configuration; false when none is parked (or the parked
   * one died meanwhile: then it is stopped, and a new one is due).
   */
  private boolean resumeParked(KnobSet knobs) {
    Parked found = parked.remove(JvmKey.of(knobs));
    if (found == null) {
      return false;
    }
    if (found.tier().death().isPresent()) {
      found.tier().close();
      return false;
    }
    found.tier().resume();
    middleware = found.tier();
    middlewareJvm = found.jvm();
    middlewareWarmup = found.warmup();
    return true;
  }

  private void stopParked() {
    parked.values().forEach(p -> p.tier().close());
    parked.clear();
  }

  /** Why the middleware is gone, when it died (see {@link MiddlewareTier#death}). */
  public synchronized Optional<String> middlewareDeath() {
    return middleware == null ? Optional.empty() : middleware.death();
  }

  /**
   * Starts the middleware again with the current knobs when it died, so that one crash costs one
   * repetition, not the rest of the step.
   *
   * @param dir the new middleware's folder (the dead one's log stays where it was)
   * @return why it had to, when it did
   */
  synchronized Optional<String> reviveMiddleware(Path dir) {
    Optional<String> death = middlewareDeath();
    if (death.isPresent()) {
      discardDeadMiddleware();
      startMiddleware(current, dir);
    }
    return death;
  }

  /**
   * Stops a middleware that died and clears what it left. The dead one's orders went back to the
   * queues and its stored hand-offs wait in delivery_message: a new middleware would take them up
   * (async.persist recovers them) while the next repetition purges the tables under them,
   * PostgreSQL cancelling one side as a deadlock, and they would count in that repetition. They
   * belong to the dead one's, which reported them.
   */
  private void discardDeadMiddleware() {
    stopMiddleware();
    rollbackInDoubt();
    if (current.get(DataKnobs.PURGE)) {
      try (BrokerManagement broker = BrokerManagement.of(stack.endpoints())) {
        Map<String, Long> removed = broker.purgeQueues();
        if (!removed.isEmpty()) {
          notices.accept("purged the orders the dead middleware left on the queues: " + removed);
        }
      }
      database().purge();
    }
  }

  /**
   * Stops the running middleware and starts a new JVM with the current knobs: a fresh JVM for a
   * repetition that must not inherit another's JIT state (JMH's forks).
   *
   * @param dir the new middleware's folder
   */
  synchronized void restartMiddleware(Path dir) {
    stopMiddleware();
    rollbackInDoubt();
    startMiddleware(current, dir);
  }

  /**
   * Which middleware JVM runs now: 1 for the first started in this run, 2 for the next; 0 before
   * any. Repetitions that saw the same number shared a JVM and its JIT state.
   */
  synchronized int middlewareJvm() {
    return middlewareJvm;
  }

  /**
   * How the running middleware JVM's warm-up ended; empty when it has not been warmed up since it
   * started. Repetitions on a JVM whose warm-up found no steady state share that verdict.
   */
  synchronized Optional<SteadyStateReport> middlewareWarmup() {
    return middlewareWarmup;
  }

  /**
   * The running middleware JVM is warmed up again before its next repetition: the load tier it
   * meets changed (new JMeter engines, their JIT cold, measured 17,308 arrivals/min offered of
   * 48,000 in their first window against 35,811 in their second; docs/distributed-load.md).
   */
  public synchronized void warmUpAgain() {
    middlewareWarmup = Optional.empty();
  }

  /** The running middleware JVM was warmed up, with this outcome. */
  public synchronized void middlewareWarmedUp(SteadyStateReport report) {
    middlewareWarmup = Optional.of(report);
  }

  private void startMiddleware(KnobSet knobs, Path dir) {
    middlewareJvm = ++startedJvms;
    middlewareWarmup = Optional.empty();
    middleware =
        MiddlewareTier.start(
            MiddlewareConfig.from(knobs),
            stack.endpoints(),
            dir,
            OptionalLong.of(ProcessHandle.current().pid()));
    if (recording) {
      try {
        JvmRecording.start(middleware.processes().get(0).pid(), knobs.get(MiddlewareKnobs.JFR));
      } catch (IOException e) {
        notices.accept(
            "the middleware's recorder (middleware.jvm.jfr) did not start with it, its first"
                + " recorded window pays for its start: "
                + e.getMessage());
      }
    }
  }

  /**
   * The broker's and the mocks' JVMs just started, recorded for their life as {@code
   * broker.jvm.jfr} and {@code mocks.jvm.jfr} ask, when the run observes: the recorder's own start
   * falls in the warm-up, as the middleware's does.
   */
  private void recordStackJvms(KnobSet knobs, List<KnobTier> started) {
    if (!recording) {
      return;
    }
    for (Map.Entry<String, Jfr> tier : stackJfr(knobs).entrySet()) {
      if (tier.getValue() == Jfr.OFF
          || started.stream().noneMatch(t -> t.label().equals(tier.getKey()))) {
        continue;
      }
      List<ProcessHandle> jvm = stack.watchedProcesses().getOrDefault(tier.getKey(), List.of());
      try {
        if (jvm.isEmpty()) {
          throw new IOException("no process of the tier on this machine");
        }
        JvmRecording.start(jvm.get(0).pid(), tier.getValue());
      } catch (IOException e) {
        notices.accept(
            "the "
                + tier.getKey()
                + "'s recorder ("
                + tier.getKey()
                + ".jvm.jfr) did not start with it, its first recorded window pays for its start: "
                + e.getMessage());
      }
    }
  }

  /** The stack's other JVM tiers' recorder settings, by tier name. */
  private static Map<String, Jfr> stackJfr(KnobSet knobs) {
    Map<String, Jfr> levels = new java.util.LinkedHashMap<>();
    levels.put(TierName.BROKER.label(), knobs.get(BrokerKnobs.JFR));
    levels.put(TierName.MOCKS.label(), knobs.get(MocksKnobs.JFR));
    return levels;
  }

  /** Whether each middleware JVM gets its recorder as it starts: when the run observes. */
  synchronized void recordMiddlewares(boolean value) {
    recording = value;
  }

  /**
   * Call with no middleware running. Then a prepared XA branch is one that a middleware which died
   * (or was stopped) between the two phases left behind: no coordinator will finish it (the
   * middleware runs no recovery manager), its database locks would block the next purge and its
   * broker messages stay invisible. Roll them back, as presumed abort would, and say so.
   */
  private void rollbackInDoubt() {
    List<String> db = database().rollbackPreparedTransactions();
    List<String> broker;
    try (BrokerManagement management = BrokerManagement.of(stack.endpoints())) {
      broker = management.rollbackPreparedTransactions();
    }
    if (!db.isEmpty() || !broker.isEmpty()) {
      notices.accept(
          String.format(
              Locale.ROOT,
              "rolled back in-doubt XA branches a stopped middleware left: %d in PostgreSQL %s,"
                  + " %d on the broker %s",
              db.size(),
              db,
              broker.size(),
              broker));
    }
  }

  /** A plain (unpooled) data source on the stack's database, for the harness's own queries. */
  public static PGSimpleDataSource dataSource(Endpoints endpoints) {
    PGSimpleDataSource dataSource = new PGSimpleDataSource();
    dataSource.setUrl(endpoints.db());
    dataSource.setUser(endpoints.dbUser());
    dataSource.setPassword(endpoints.dbPassword());
    return dataSource;
  }

  private Database database() {
    Endpoints endpoints = stack.endpoints();
    return Database.of(endpoints);
  }

  /**
   * Restarts only the stack tiers whose knobs changed, on their ports, so the others keep their
   * state; false when the stack cannot (then the whole stack restarts).
   */
  private boolean restartEach(List<KnobTier> tiers, StackConfig config) {
    for (KnobTier tier : tiers) {
      if (!stack.restart(tier, config)) {
        return false;
      }
    }
    return true;
  }

  /** What a repetition's observer watches: these tiers, writing into {@code dir}. */
  Sampler.Window samplerWindow(Progress.Position at, Path dir) {
    return new Sampler.Window(
        at.step(),
        at.repetition(),
        dir,
        stack.endpoints(),
        middleware.processes().get(0).pid(),
        pids(),
        ObserverConfig.of(stack, dir)
            .withMiddleware(middleware)
            .withMiddlewareJfr(current.get(MiddlewareKnobs.JFR))
            .withStackJfr(stackJfr(current)),
        Optional.of(URI.create(middleware.statusUrl()).resolve("/metrics")));
  }

  /** The running middleware JVM's pid: the first instance's. */
  public synchronized long middlewarePid() {
    return middleware.processes().get(0).pid();
  }

  /** Every running middleware instance's JVM pid, the first instance's first. */
  public synchronized List<Long> middlewarePids() {
    return middleware.processes().stream().map(ProcessHandle::pid).toList();
  }

  /**
   * The middleware's CPU time so far, every instance's JVM summed, nanoseconds; empty when none
   * runs or it is unknown.
   */
  public synchronized OptionalLong middlewareCpuNanos() {
    return middleware == null ? OptionalLong.empty() : HostClock.cpuNanos(middlewarePids());
  }

  Stack stack() {
    return stack;
  }

  public Endpoints endpoints() {
    return stack.endpoints();
  }

  public MiddlewareTier middleware() {
    return middleware;
  }

  public MocksClient mock(Backend backend) {
    return MocksClient.of(backend, stack.endpoints());
  }

  public MocksClient siebel() {
    return mock(Backend.SIEBEL);
  }

  public MocksClient brm() {
    return mock(Backend.BRM);
  }

  /**
   * A reading of what the system under test has spent so far: the CPU of the middleware's, the
   * database's and the broker's process trees, the WAL and the statements (see {@link StackClock}).
   */
  public StackClock.Reading stackReading() {
    Map<String, List<Long>> roots = new LinkedHashMap<>();
    pids().forEach((tier, pid) -> roots.put(tier, List.of(pid)));
    synchronized (this) {
      if (middleware != null) {
        roots.put(MiddlewareTier.NAME, middlewarePids());
      }
    }
    // the mocks and the load are the harness's
    List<String> underTest = TierName.systemUnderTest().stream().map(TierName::label).toList();
    roots.keySet().retainAll(underTest);
    return StackClock.now(roots, dataSource(endpoints()));
  }

  /**
   * Kills one stack tier with SIGKILL and starts it again on its data ({@code workload.crash}).
   *
   * @return how long it was down; empty when this stack cannot
   */
  java.util.Optional<java.time.Duration> crash(io.tunelab.core.knobs.KnobTier tier) {
    Stack current;
    synchronized (this) {
      current = stack;
    }
    return current.crash(tier);
  }

  /** Pid of each running tier process by tier name. */
  synchronized Map<String, Long> pids() {
    Map<String, Long> pids = new LinkedHashMap<>();
    if (stack != null) {
      stack
          .watchedProcesses()
          .forEach(
              (tier, processes) ->
                  processes.stream().findFirst().ifPresent(p -> pids.put(tier, p.pid())));
    }
    if (middleware != null) {
      pids.put(MiddlewareTier.NAME, middleware.processes().get(0).pid());
    }
    return pids;
  }

  private void stopMiddleware() {
    if (middleware != null) {
      middleware.close();
      middleware = null;
    }
  }

  private void stopStack() {
    if (stack == null) {
      return;
    }
    try {
      stack.close();
    } finally {
      copyLogs(stack);
      stack = null;
    }
  }

  /**
   * The stack tiers' logs live in the runtime folder (or a provider's); the results keep a copy.
   */
  private void copyLogs(Stack stopped) {
    Path dir = logsDir.resolve("stack-" + stackGeneration);
    stopped
        .logFiles()
        .forEach(
            (name, log) -> {
              try {
                if (Files.isRegularFile(log)) {
                  OutputFiles.copy(log, dir.resolve(name + ".log"));
                }
              } catch (UncheckedIOException e) {
                // The run's results matter more than a log copy; the original stays where it is.
              }
            });
  }

  @Override
  public synchronized void close() {
    try {
      stopMiddleware();
      stopParked();
    } finally {
      stopStack();
    }
  }
}
