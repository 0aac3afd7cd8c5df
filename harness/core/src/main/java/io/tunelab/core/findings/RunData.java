package io.tunelab.core.findings;

import io.tunelab.core.cost.HarnessCost;
import io.tunelab.core.cost.MachineNoise;
import io.tunelab.core.measure.DeadlineMisses;
import io.tunelab.core.measure.JfrProfile;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What the findings rules look at: the data an observer recorded over a run's measured window
 * (warm-up excluded). Filled by the tiers' observer; synthetic in tests.
 *
 * @param measuredMillis length of the measured window, milliseconds
 * @param queues queue depths, in flow order (intake first)
 * @param cpu machine and per-tier CPU
 * @param gc GC of the middleware JVM, when its log was read
 * @param tables scans per table
 * @param statements top SQL by total time
 * @param waits active-session history of the database
 * @param connections database connections and pool waits
 * @param backend back-end calls and, when known, end-to-end latency
 * @param engine the middleware's engine threads and what waited for them
 * @param fetcher the fetcher intake's polls and the inbox they poll; none with queue intake
 * @param harness what the load generator, the mocks and the controller cost the machine
 * @param noise CPU used outside the stack, and the machine's load around the window
 * @param deadline requests that missed their deadline, when the plan has one (sort-requests); set
 *     from the runner's figures, as only the runner reads the load generator's samples
 * @param middlewareExit how the middleware ended, when it died before the window's end
 * @param crash the tier the run killed in the window on purpose ({@code workload.crash}), set from
 *     the runner's figures
 * @param profile what the JDK Flight Recorder saw of the middleware in the window, when it was
 *     recorded ({@code middleware.jvm.jfr})
 */
public record RunData(
    long measuredMillis,
    List<QueueSeries> queues,
    CpuData cpu,
    Optional<GcData> gc,
    List<TableScans> tables,
    List<TopStatement> statements,
    WaitProfile waits,
    Connections connections,
    BackendCalls backend,
    EngineData engine,
    FetcherData fetcher,
    Optional<HarnessCost> harness,
    Optional<MachineNoise> noise,
    Optional<DeadlineMisses> deadline,
    Optional<MiddlewareExit> middlewareExit,
    Optional<TierCrash> crash,
    Optional<JfrProfile> profile) {
  public RunData {
    queues = List.copyOf(queues);
    Objects.requireNonNull(cpu, "cpu");
    Objects.requireNonNull(gc, "gc");
    tables = List.copyOf(tables);
    statements = List.copyOf(statements);
    Objects.requireNonNull(waits, "waits");
    Objects.requireNonNull(connections, "connections");
    Objects.requireNonNull(backend, "backend");
    Objects.requireNonNull(engine, "engine");
    Objects.requireNonNull(fetcher, "fetcher");
    Objects.requireNonNull(harness, "harness");
    Objects.requireNonNull(noise, "noise");
    Objects.requireNonNull(deadline, "deadline");
    Objects.requireNonNull(middlewareExit, "middlewareExit");
    Objects.requireNonNull(crash, "crash");
    Objects.requireNonNull(profile, "profile");
  }

  /** A window of {@code measuredMillis} in which nothing was recorded. */
  public static RunData empty(long measuredMillis) {
    return new RunData(
        measuredMillis,
        List.of(),
        CpuData.none(),
        Optional.empty(),
        List.of(),
        List.of(),
        WaitProfile.none(),
        Connections.none(),
        BackendCalls.none(),
        EngineData.none(),
        FetcherData.none(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty());
  }

  public RunData withQueues(List<QueueSeries> value) {
    return change(p -> p.queues = value);
  }

  public RunData withCpu(CpuData value) {
    return change(p -> p.cpu = value);
  }

  public RunData withGc(GcData value) {
    return change(p -> p.gc = Optional.of(value));
  }

  public RunData withDatabase(List<TableScans> scans, List<TopStatement> top) {
    return change(
        p -> {
          p.tables = scans;
          p.statements = top;
        });
  }

  public RunData withWaits(WaitProfile value) {
    return change(p -> p.waits = value);
  }

  public RunData withConnections(Connections value) {
    return change(p -> p.connections = value);
  }

  public RunData withBackend(BackendCalls value) {
    return change(p -> p.backend = value);
  }

  public RunData withEngine(EngineData value) {
    return change(p -> p.engine = value);
  }

  public RunData withFetcher(FetcherData value) {
    return change(p -> p.fetcher = value);
  }

  public RunData withHarness(HarnessCost value) {
    return change(p -> p.harness = Optional.of(value));
  }

  public RunData withNoise(MachineNoise value) {
    return change(p -> p.noise = Optional.of(value));
  }

  public RunData withDeadline(DeadlineMisses value) {
    return change(p -> p.deadline = Optional.of(value));
  }

  public RunData withMiddlewareExit(MiddlewareExit value) {
    return change(p -> p.middlewareExit = Optional.of(value));
  }

  public RunData withCrash(TierCrash value) {
    return change(p -> p.crash = Optional.of(value));
  }

  public RunData withProfile(JfrProfile value) {
    return change(p -> p.profile = Optional.of(value));
  }

  /** This data with one part changed by {@code edit}: one copy of every part, not one a wither. */
  private RunData change(Consumer<Parts> edit) {
    Parts p = new Parts(this);
    edit.accept(p);
    return p.build();
  }

  /** The parts of a RunData, to change some. */
  private static final class Parts {
    private long measuredMillis;
    private List<QueueSeries> queues;
    private CpuData cpu;
    private Optional<GcData> gc;
    private List<TableScans> tables;
    private List<TopStatement> statements;
    private WaitProfile waits;
    private Connections connections;
    private BackendCalls backend;
    private EngineData engine;
    private FetcherData fetcher;
    private Optional<HarnessCost> harness;
    private Optional<MachineNoise> noise;
    private Optional<DeadlineMisses> deadline;
    private Optional<MiddlewareExit> middlewareExit;
    private Optional<TierCrash> crash;
    private Optional<JfrProfile> profile;

    private Parts(RunData d) {
      measuredMillis = d.measuredMillis;
      queues = d.queues;
      cpu = d.cpu;
      gc = d.gc;
      tables = d.tables;
      statements = d.statements;
      waits = d.waits;
      connections = d.connections;
      backend = d.backend;
      engine = d.engine;
      fetcher = d.fetcher;
      harness = d.harness;
      noise = d.noise;
      deadline = d.deadline;
      middlewareExit = d.middlewareExit;
      crash = d.crash;
      profile = d.profile;
    }

    private RunData build() {
      return new RunData(
          measuredMillis,
          queues,
          cpu,
          gc,
          tables,
          statements,
          waits,
          connections,
          backend,
          engine,
          fetcher,
          harness,
          noise,
          deadline,
          middlewareExit,
          crash,
          profile);
    }
  }
}
