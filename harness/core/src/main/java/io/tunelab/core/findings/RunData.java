package io.tunelab.core.findings;

import io.tunelab.core.cost.HarnessCost;
import io.tunelab.core.cost.MachineNoise;
import io.tunelab.core.measure.DeadlineMisses;
import io.tunelab.core.measure.JfrProfile;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What the findings rules look at: one store of the figures recorded over a run's measured window
 * (warm-up excluded), each kept under its own type. The observer, the runner and the plans put what
 * they measured ({@link #with}, {@link #withAll}); a rule reads what it needs ({@link #find},
 * {@link #all}, or the named readers below for the figures every run has). A new kind of figure is
 * a record and the line that puts it: this class does not change. Synthetic in tests.
 *
 * <p>The named readers: {@code queues} queue depths in flow order (intake first); {@code cpu} the
 * machine's and each tier's; {@code gc} the middleware JVM's, when its log was read; {@code tables}
 * scans per table; {@code statements} top SQL by total time; {@code waits} the database's
 * active-session history; {@code connections} database connections and pool waits; {@code backend}
 * back-end calls and, when known, the end-to-end latency; {@code engine} the middleware's engine
 * threads and what waited for them; {@code fetcher} the fetcher intake's polls (none with queue
 * intake); {@code harness} what the load generator, the mocks and the controller cost the machine;
 * {@code noise} CPU used outside the stack; {@code deadline} requests that missed their deadline
 * (sort-requests, from the runner's figures); {@code middlewareExit} how the middleware ended when
 * it died in the window; {@code crash} the tier the run killed on purpose ({@code workload.crash});
 * {@code profile} what the JDK Flight Recorder saw of the middleware ({@code middleware.jvm.jfr}).
 */
public final class RunData {
  private final long measuredMillis;
  private final Map<Class<?>, Object> figures;
  private final Map<Class<?>, List<?>> lists;
  private final Consumer<Class<?>> onRead;

  private RunData(
      long measuredMillis,
      Map<Class<?>, Object> figures,
      Map<Class<?>, List<?>> lists,
      Consumer<Class<?>> onRead) {
    this.measuredMillis = measuredMillis;
    this.figures = Map.copyOf(figures);
    this.lists = Map.copyOf(lists);
    this.onRead = onRead;
  }

  private RunData(
      long measuredMillis, Map<Class<?>, Object> figures, Map<Class<?>, List<?>> lists) {
    this(measuredMillis, figures, lists, type -> {});
  }

  /**
   * The same data, telling {@code onRead} each type a reader asks for: what a rule really reads.
   */
  RunData watched(Consumer<Class<?>> onRead) {
    return new RunData(measuredMillis, figures, lists, onRead);
  }

  /** A window of {@code measuredMillis} in which nothing was recorded. */
  public static RunData empty(long measuredMillis) {
    return new RunData(measuredMillis, Map.of(), Map.of());
  }

  /** Length of the measured window, milliseconds. */
  public long measuredMillis() {
    return measuredMillis;
  }

  /** This data with {@code figure} stored under its type, in place of one stored before. */
  public RunData with(Object figure) {
    Objects.requireNonNull(figure, "figure");
    Map<Class<?>, Object> next = new HashMap<>(figures);
    next.put(figure.getClass(), figure);
    return new RunData(measuredMillis, next, lists);
  }

  /** This data with the figures of one type (a series per queue, a row per table) in order. */
  public <T> RunData withAll(Class<T> type, List<T> items) {
    Map<Class<?>, List<?>> next = new HashMap<>(lists);
    next.put(type, List.copyOf(items));
    return new RunData(measuredMillis, figures, next);
  }

  /** The figure of {@code type}, when one was stored. */
  public <T> Optional<T> find(Class<T> type) {
    onRead.accept(type);
    return Optional.ofNullable(figures.get(type)).map(type::cast);
  }

  /** The figures of {@code type} in the order stored, or none. */
  @SuppressWarnings("unchecked")
  public <T> List<T> all(Class<T> type) {
    onRead.accept(type);
    return (List<T>) lists.getOrDefault(type, List.of());
  }

  public List<QueueSeries> queues() {
    return all(QueueSeries.class);
  }

  public CpuData cpu() {
    return find(CpuData.class).orElse(CpuData.none());
  }

  public Optional<GcData> gc() {
    return find(GcData.class);
  }

  public List<TableScans> tables() {
    return all(TableScans.class);
  }

  public List<TopStatement> statements() {
    return all(TopStatement.class);
  }

  public WaitProfile waits() {
    return find(WaitProfile.class).orElse(WaitProfile.none());
  }

  public Connections connections() {
    return find(Connections.class).orElse(Connections.none());
  }

  public BackendCalls backend() {
    return find(BackendCalls.class).orElse(BackendCalls.none());
  }

  public EngineData engine() {
    return find(EngineData.class).orElse(EngineData.none());
  }

  public FetcherData fetcher() {
    return find(FetcherData.class).orElse(FetcherData.none());
  }

  public Optional<HarnessCost> harness() {
    return find(HarnessCost.class);
  }

  public Optional<MachineNoise> noise() {
    return find(MachineNoise.class);
  }

  public Optional<DeadlineMisses> deadline() {
    return find(DeadlineMisses.class);
  }

  public Optional<MiddlewareExit> middlewareExit() {
    return find(MiddlewareExit.class);
  }

  public Optional<TierCrash> crash() {
    return find(TierCrash.class);
  }

  public Optional<JfrProfile> profile() {
    return find(JfrProfile.class);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof RunData that
        && measuredMillis == that.measuredMillis
        && figures.equals(that.figures)
        && lists.equals(that.lists);
  }

  @Override
  public int hashCode() {
    return Objects.hash(measuredMillis, figures, lists);
  }

  @Override
  public String toString() {
    return "RunData[measuredMillis=" + measuredMillis + ", " + figures + ", " + lists + "]";
  }
}
