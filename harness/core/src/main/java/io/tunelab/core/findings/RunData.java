package io.tunelab.core.findings;

import io.tunelab.core.cost.HarnessCost;
import io.tunelab.core.cost.MachineNoise;
import io.tunelab.core.measure.DeadlineMisses;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

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
    Optional<DeadlineMisses> deadline) {
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
        Optional.empty());
  }

  public RunData withQueues(List<QueueSeries> value) {
    return new RunData(
        measuredMillis,
        value,
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
        deadline);
  }

  public RunData withCpu(CpuData value) {
    return new RunData(
        measuredMillis,
        queues,
        value,
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
        deadline);
  }

  public RunData withGc(GcData value) {
    return new RunData(
        measuredMillis,
        queues,
        cpu,
        Optional.of(value),
        tables,
        statements,
        waits,
        connections,
        backend,
        engine,
        fetcher,
        harness,
        noise,
        deadline);
  }

  public RunData withDatabase(List<TableScans> scans, List<TopStatement> top) {
    return new RunData(
        measuredMillis,
        queues,
        cpu,
        gc,
        scans,
        top,
        waits,
        connections,
        backend,
        engine,
        fetcher,
        harness,
        noise,
        deadline);
  }

  public RunData withWaits(WaitProfile value) {
    return new RunData(
        measuredMillis,
        queues,
        cpu,
        gc,
        tables,
        statements,
        value,
        connections,
        backend,
        engine,
        fetcher,
        harness,
        noise,
        deadline);
  }

  public RunData withConnections(Connections value) {
    return new RunData(
        measuredMillis,
        queues,
        cpu,
        gc,
        tables,
        statements,
        waits,
        value,
        backend,
        engine,
        fetcher,
        harness,
        noise,
        deadline);
  }

  public RunData withBackend(BackendCalls value) {
    return new RunData(
        measuredMillis,
        queues,
        cpu,
        gc,
        tables,
        statements,
        waits,
        connections,
        value,
        engine,
        fetcher,
        harness,
        noise,
        deadline);
  }

  public RunData withEngine(EngineData value) {
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
        value,
        fetcher,
        harness,
        noise,
        deadline);
  }

  public RunData withFetcher(FetcherData value) {
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
        value,
        harness,
        noise,
        deadline);
  }

  public RunData withHarness(HarnessCost value) {
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
        Optional.of(value),
        noise,
        deadline);
  }

  public RunData withNoise(MachineNoise value) {
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
        Optional.of(value),
        deadline);
  }

  public RunData withDeadline(DeadlineMisses value) {
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
        Optional.of(value));
  }
}
