package io.tunelab.run.observe;

import io.tunelab.core.findings.RunData;
import io.tunelab.core.measure.JfrProfile;
import io.tunelab.core.results.RunLayout;
import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.core.stack.TierName;
import io.tunelab.tiers.mocks.MocksClient;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches a run: samples CPU and memory per tier, queue counters, database sessions, mock and
 * middleware counters once per interval on one daemon thread, snapshots PostgreSQL's statistics
 * when the measured window starts and ends, and at {@link #stop} writes the run's files and returns
 * its {@link Observations}.
 *
 * <p>A source that fails (a tier gone, a timeout) is reported in {@code observations.json} and
 * tried again next time; it never stops the run.
 */
public final class RunObserver implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RunObserver.class);
  private static final Path PROC = Path.of("/proc");
  private static final long TICKS_PER_SECOND = 100; // USER_HZ on every Linux architecture we run
  private static final long PAGE_BYTES = 4096;

  /** The middleware's recording of the measured window, in the observer's folder. */
  public static final String JFR_FILE = io.tunelab.core.results.RunLayout.JFR;

  /** {@link JfrProfile} as JSON, beside the recording. */
  public static final String JFR_JSON = io.tunelab.core.results.RunLayout.JFR_SUMMARY;

  private final ObserverConfig config;
  private final SeriesStore store = new SeriesStore();
  private final List<Source> sources = new ArrayList<>();
  private final CpuSource cpu;
  private final Optional<DbSource> db;
  private final Optional<MocksSource> mocks;
  private final ObserverErrors errors = new ObserverErrors();
  private final ScheduledExecutorService executor;
  private final long startMillis;
  private final AtomicInteger samples = new AtomicInteger();
  private final AtomicLong samplerCpuNanos = new AtomicLong();
  private final MachineLoad load;
  private final Map<String, Long> sourceCpuNanos = new ConcurrentHashMap<>();
  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
  private volatile long measuredFromMillis = -1;
  private volatile long samplerCpuNanosAtMeasured;
  private PgSnapshot baseline;
  private Observations observations;

  /**
   * The middleware's recording, when {@code middleware.jvm.jfr} asks: its collections from the
   * observer's start, or a profile of the measured window.
   */
  private final Optional<TierRecording> recording;

  /** The other JVM tiers' recordings, as {@code broker.jvm.jfr} and {@code mocks.jvm.jfr} ask. */
  private final List<TierRecording> stackRecordings;

  private RunObserver(ObserverConfig config) {
    this.config = config;
    this.startMillis = System.currentTimeMillis();
    cpu = new CpuSource(meter(config));
    sources.add(cpu);
    Optional<Endpoints> endpoints = config.endpoints();
    endpoints.ifPresent(
        e -> sources.add(new BrokerSource(e.broker(), e.brokerUser(), e.brokerPassword())));
    db = endpoints.flatMap(this::db);
    db.ifPresent(sources::add);
    mocks = endpoints.flatMap(this::mocks);
    mocks.ifPresent(sources::add);
    config.middlewareStatus().ifPresent(status -> sources.add(new MiddlewareSource(status)));
    sources.add(new HostPaceSource());
    sources.add(new MemoryPaceSource());
    sources.add(new RoundTripPaceSource());
    baseline = db.flatMap(this::snapshot).orElse(null);
    load = MachineLoad.before(PROC, meter(config), errors);
    recording =
        config
            .middlewareJfr()
            .map(
                settings ->
                    TierRecording.prepare(
                        TierName.MIDDLEWARE.label(),
                        settings,
                        JFR_FILE,
                        config.dir(),
                        config.tiers().get(TierName.MIDDLEWARE.label()),
                        errors));
    stackRecordings =
        config.stackJfr().entrySet().stream()
            .map(
                e ->
                    TierRecording.prepare(
                        e.getKey(),
                        e.getValue(),
                        RunLayout.jfr(e.getKey()),
                        config.dir(),
                        config.tiers().get(e.getKey()),
                        errors))
            .toList();
    // the pauses of the warm-up too, each with its phase in gc.json, as the GC log had them
    recordings().filter(TierRecording::collectionsOnly).forEach(TierRecording::start);
    executor =
        Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "tunelab-observer");
              thread.setDaemon(true);
              return thread;
            });
  }

  /** What each series last read, while the observer samples: for a live view of the run. */
  public List<SeriesValue> latest() {
    return store.latest();
  }

  /** Starts sampling now; the run is in warm-up until {@link #markMeasured}. */
  public static RunObserver start(ObserverConfig config) {
    RunObserver observer = new RunObserver(config);
    long interval = config.interval().toMillis();
    observer.executor.scheduleAtFixedRate(observer::sample, 0, interval, TimeUnit.MILLISECONDS);
    return observer;
  }

  private static CpuMeter meter(ObserverConfig config) {
    return new CpuMeter(
        PROC,
        config.tiers(),
        config.childTiers(),
        ProcessHandle.current().pid(),
        TICKS_PER_SECOND,
        PAGE_BYTES);
  }

  /**
   * Reads the CPU now, off the schedule, so that a reading ends exactly where the measured window
   * starts or ends: the window's CPU is then integrated from whole intervals.
   */
  private void readCpu(long epochMillis) {
    try {
      cpu.sample(epochMillis, store);
    } catch (RuntimeException e) {
      errors.record(cpu.name(), e);
    }
  }

  private Optional<DbSource> db(Endpoints e) {
    try {
      return Optional.of(new DbSource(PgObserver.connect(e.db(), e.dbUser(), e.dbPassword())));
    } catch (Exception ex) {
      errors.record(TierName.DB.label(), ex);
      return Optional.empty();
    }
  }

  private Optional<MocksSource> mocks(Endpoints e) {
    try {
      List<MocksClient> clients = new ArrayList<>();
      for (Backend backend : Backend.values()) {
        if (!backend.url(e).isEmpty()) {
          clients.add(MocksClient.of(backend, e));
        }
      }
      return Optional.of(new MocksSource(clients));
    } catch (RuntimeException ex) {
      errors.record(TierName.MOCKS.label(), ex);
      return Optional.empty();
    }
  }

  private Optional<PgSnapshot> snapshot(DbSource source) {
    try {
      return Optional.of(source.pg().snapshot());
    } catch (Exception e) {
      errors.record(TierName.DB.label(), e);
      return Optional.empty();
    }
  }

  private void sample() {
    long cpuBefore = threads.getCurrentThreadCpuTime();
    long now = System.currentTimeMillis();
    for (Source source : sources) {
      long before = threads.getCurrentThreadCpuTime();
      try {
        source.sample(now, store);
      } catch (Exception e) {
        errors.record(source.name(), e);
      } catch (Throwable t) {
        errors.record(source.name(), new RuntimeException(t));
      }
      sourceCpuNanos.merge(source.name(), threads.getCurrentThreadCpuTime() - before, Long::sum);
    }
    samples.incrementAndGet();
    samplerCpuNanos.addAndGet(threads.getCurrentThreadCpuTime() - cpuBefore);
  }

  /**
   * Ends the warm-up: from now on samples are tagged {@code measured}, and the database and mock
   * counters count from here. Without a call, the whole run is measured.
   */
  public void markMeasured() {
    // The snapshot first, then the CPU reading: the snapshot's own database work stays outside the
    // window at both ends (stop() reads the CPU before its last snapshot).
    db.flatMap(this::snapshot).ifPresent(s -> baseline = s);
    long now = System.currentTimeMillis();
    readCpu(now); // the warm-up's last reading, tagged warm-up
    samplerCpuNanosAtMeasured = samplerCpuNanos.get();
    measuredFromMillis = now + 1;
    recordings().forEach(TierRecording::start);
    mocks.ifPresent(
        m -> {
          try {
            m.markMeasured();
          } catch (RuntimeException e) {
            errors.record(TierName.MOCKS.label(), e);
          }
        });
  }

  /** Samples taken so far. */
  public int samples() {
    return samples.get();
  }

  /**
   * Stops sampling, writes the run's files into the configured folder and returns what was seen.
   * Idempotent: a second call returns the same observations.
   */
  public Observations stop() {
    return stop(UnaryOperator.identity());
  }

  /**
   * As {@link #stop()}, with what only the runner measures: the run's completed orders and their
   * mean end-to-end latency, so the back-end latency rule can speak in the one pass of the
   * findings.
   */
  public Observations stop(long completedOrders, double endToEndMeanMillis) {
    return stop(RunnerFigures.of(completedOrders, endToEndMeanMillis));
  }

  /**
   * As {@link #stop()}, with what only the runner measures ({@link RunnerFigures}): completed units
   * and their mean latency, and a plan's deadline misses, for the rules that need them.
   */
  public Observations stop(RunnerFigures figures) {
    return stop(figures::applyTo);
  }

  private synchronized Observations stop(UnaryOperator<RunData> runnerFigures) {
    if (observations != null) {
      return observations;
    }
    executor.shutdown();
    try {
      if (!executor.awaitTermination(30, TimeUnit.SECONDS)) {
        LOG.warn("the observer's last sample did not end within 30 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    long end = System.currentTimeMillis();
    readCpu(end); // the measured window's last reading
    load.after();
    Optional<TierRecording.Recorded> recorded = recording.flatMap(TierRecording::stop);
    List<Optional<TierRecording.Recorded>> stackRecorded =
        stackRecordings.stream().map(TierRecording::stop).toList();
    Window window =
        new Window(startMillis, measuredFromMillis < 0 ? startMillis : measuredFromMillis, end);
    Optional<PgSnapshot> last = db.flatMap(this::snapshot);
    // read after the snapshot: the database's deltas end with the window too
    Optional<GcReport> gc = recorded.flatMap(r -> recording.orElseThrow().gc(r, window));
    Optional<JfrProfile> profile =
        recorded.flatMap(r -> recording.orElseThrow().profile(r, config.dir().resolve(JFR_JSON)));
    List<GcReport> stackGc = new ArrayList<>();
    for (int i = 0; i < stackRecordings.size(); i++) {
      TierRecording tier = stackRecordings.get(i);
      stackRecorded
          .get(i)
          .ifPresent(
              r -> {
                tier.gc(r, window).ifPresent(stackGc::add);
                tier.profile(r, config.dir().resolve(RunLayout.jfrSummary(tier.tier())));
              });
    }
    Optional<PgDelta> delta =
        last.isPresent() && baseline != null
            ? Optional.of(new PgDelta(baseline, last.get()))
            : Optional.empty();
    WindowCosts costs =
        WindowCosts.of(
            cpu.samples(),
            cpu.cores(),
            window,
            samplerCpuNanos.get() - samplerCpuNanosAtMeasured,
            delta,
            load,
            store.measured(HostPaceSource.SERIES, HostPaceSource.LABEL, window),
            store.measured(MemoryPaceSource.SERIES, MemoryPaceSource.LABEL, window),
            store.measured(RoundTripPaceSource.SERIES, RoundTripPaceSource.LABEL, window));
    observations =
        new ObservationWriter(config.dir(), store, window, errors)
            .write(
                cpu.cores(),
                gc,
                stackGc,
                delta,
                db,
                mocks,
                samples.get(),
                samplerCpuNanos.get(),
                Map.copyOf(sourceCpuNanos),
                costs,
                data -> {
                  RunData seen = withExit(runnerFigures.apply(data));
                  return profile.map(seen::with).orElse(seen);
                });
    if (profile.isPresent()) {
      observations = observations.withProfile(profile.get(), config.dir().resolve(JFR_JSON));
    }
    sources.forEach(Source::close);
    return observations;
  }

  /** The data with how the middleware ended, when it died before the window's end. */
  private RunData withExit(RunData data) {
    return config.middlewareExit().flatMap(Supplier::get).map(data::with).orElse(data);
  }

  /** The middleware's recording first, then the other tiers'. */
  private java.util.stream.Stream<TierRecording> recordings() {
    return java.util.stream.Stream.concat(recording.stream(), stackRecordings.stream());
  }

  /** Stops sampling without needing the observations (e.g. after a failed run). */
  @Override
  public void close() {
    try {
      stop();
    } catch (RuntimeException e) {
      LOG.warn("the observer could not write its files: {}", e.getMessage());
      sources.forEach(Source::close);
    }
  }
}
