package io.tunelab.run.observe;

import io.tunelab.core.findings.RunData;
import io.tunelab.core.measure.JfrProfile;
import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.core.stack.TierName;
import io.tunelab.tiers.mocks.MocksClient;
import java.io.IOException;
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
  private static final String JFR = "jfr";

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
  private final Optional<JfrRecorder> recorder;

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
    recorder = config.middlewareJfr().flatMap(this::recorder);
    if (recordsCollectionsOnly()) {
      // the pauses of the warm-up too, each with its phase in gc.json, as the GC log had them
      recorder.ifPresent(this::startRecording);
    }
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

  private boolean recordsCollectionsOnly() {
    return config.middlewareJfr().filter(JfrRecorder.GC::equals).isPresent();
  }

  private void startRecording(JfrRecorder recorder) {
    try {
      recorder.start();
    } catch (IOException e) {
      errors.record(JFR, e);
    }
  }

  private Optional<JfrRecorder> recorder(String settings) {
    Optional<ProcessHandle> jvm =
        Optional.ofNullable(config.tiers().get(TierName.MIDDLEWARE.label()))
            .flatMap(processes -> processes.get().stream().findFirst());
    if (jvm.isEmpty()) {
      errors.record(JFR, new IllegalStateException("no middleware JVM to record"));
      return Optional.empty();
    }
    try {
      return Optional.of(
          JfrRecorder.prepare(jvm.get().pid(), settings, config.dir().resolve(JFR_FILE)));
    } catch (IOException | RuntimeException e) {
      errors.record(JFR, e);
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
    recorder.filter(r -> !r.started()).ifPresent(this::startRecording);
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
    Optional<Recorded> recorded = recorder.flatMap(this::stopRecording);
    Window window =
        new Window(startMillis, measuredFromMillis < 0 ? startMillis : measuredFromMillis, end);
    Optional<PgSnapshot> last = db.flatMap(this::snapshot);
    // read after the snapshot: the database's deltas end with the window too
    Optional<GcReport> gc = recorded.flatMap(r -> gcReport(r, window));
    Optional<JfrProfile> profile =
        recordsCollectionsOnly()
            ? Optional.empty()
            : recorded.flatMap(r -> profile(r.file(), r.seconds()));
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

  /**
   * A stopped recording: its file, the seconds it recorded, and whether the JVM's recorder was on
   * since the JVM's start.
   */
  private record Recorded(Path file, double seconds, boolean warm) {}

  /**
   * Stops the recording, which the JVM writes into the folder; empty (and the failure among the
   * errors) when it did not record or was not written.
   */
  private Optional<Recorded> stopRecording(JfrRecorder recording) {
    try (recording) {
      if (!recording.started()) {
        return Optional.empty();
      }
      double seconds = recording.seconds();
      return Optional.of(new Recorded(recording.stop(), seconds, recording.warm()));
    } catch (IOException | RuntimeException e) {
      errors.record(JFR, e);
      return Optional.empty();
    }
  }

  /** The recording's collections over the window; empty when it cannot be read. */
  private Optional<GcReport> gcReport(Recorded recorded, Window window) {
    try {
      return Optional.of(
          new GcReport(
              TierName.MIDDLEWARE.label(),
              new GcReport.Recording(JFR_FILE, recorded.warm()),
              GcPauses.read(recorded.file()),
              window));
    } catch (IOException | RuntimeException e) {
      errors.record(JFR, e);
      return Optional.empty();
    }
  }

  /** The recorded window summed up in {@code jfr.json}; empty when that fails. */
  private Optional<JfrProfile> profile(Path file, double seconds) {
    try {
      JfrProfile profile =
          JfrReader.read(file, JFR_FILE, config.middlewareJfr().orElseThrow(), seconds);
      ObservationWriter.writeProfile(config.dir().resolve(JFR_JSON), profile);
      return Optional.of(profile);
    } catch (IOException | RuntimeException e) {
      errors.record(JFR, e);
      return Optional.empty();
    }
  }

  /** The data with how the middleware ended, when it died before the window's end. */
  private RunData withExit(RunData data) {
    return config.middlewareExit().flatMap(Supplier::get).map(data::with).orElse(data);
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
