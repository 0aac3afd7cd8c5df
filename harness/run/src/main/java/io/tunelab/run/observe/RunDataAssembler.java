package io.tunelab.run.observe;

import io.tunelab.core.findings.BackendCalls;
import io.tunelab.core.findings.Connections;
import io.tunelab.core.findings.CpuData;
import io.tunelab.core.findings.EngineData;
import io.tunelab.core.findings.FetcherData;
import io.tunelab.core.findings.Point;
import io.tunelab.core.findings.QueueSeries;
import io.tunelab.core.findings.RunData;
import io.tunelab.core.findings.TableAnalyzes;
import io.tunelab.core.findings.TableScans;
import io.tunelab.core.findings.TableStatistics;
import io.tunelab.core.findings.TopStatement;
import io.tunelab.core.stack.Backend;
import io.tunelab.tiers.broker.FlowQueue;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Turns what an observer recorded into the findings' {@link RunData} for the measured window. */
final class RunDataAssembler {
  /** The order-to-bill queues in flow order; other queues follow by name. */
  static final List<String> FLOW = FlowQueue.names();

  private final SeriesStore store;
  private final Window window;

  RunDataAssembler(SeriesStore store, Window window) {
    this.store = store;
    this.window = window;
  }

  RunData assemble(
      int cores,
      Optional<GcReport> gc,
      Optional<PgDelta> pg,
      Optional<DbSource> db,
      Optional<MocksSource> mocks,
      WindowCosts costs) {
    RunData data =
        RunData.empty(window.measuredMillis())
            .withAll(QueueSeries.class, queues())
            .with(cpu(cores));
    if (costs.harness().isPresent()) {
      data = data.with(costs.harness().get());
    }
    if (costs.noise().isPresent()) {
      data = data.with(costs.noise().get());
    }
    if (gc.isPresent()) {
      data = data.with(gc.get().measured());
    }
    if (pg.isPresent()) {
      data =
          data.withAll(TableScans.class, pg.get().tables())
              .withAll(TableAnalyzes.class, pg.get().analyzes())
              .withAll(TableStatistics.class, pg.get().statistics())
              .withAll(TopStatement.class, pg.get().statements());
    }
    if (db.isPresent()) {
      data = data.with(db.get().waits(window));
    }
    data = data.with(connections(db.map(DbSource::maxConnections).orElse(0)));
    data = data.with(engine()).with(fetcher());
    if (mocks.isPresent()) {
      List<BackendCalls.Operation> calls = mocks.get().measuredCalls();
      long completed =
          calls.stream()
              .filter(
                  c ->
                      c.backend().equals(Backend.SIEBEL.label())
                          && c.operation().equals("UpdateSalesOrder"))
              .mapToLong(BackendCalls.Operation::calls)
              .sum();
      data = data.with(new BackendCalls(calls, completed, java.util.OptionalDouble.empty()));
    }
    return data;
  }

  private List<QueueSeries> queues() {
    List<String> names = new ArrayList<>(store.labels("broker.messageCount"));
    names.removeIf(name -> !FlowQueue.isTunelab(name));
    names.sort(
        Comparator.comparingInt((String n) -> FLOW.contains(n) ? FLOW.indexOf(n) : FLOW.size())
            .thenComparing(n -> n));
    List<QueueSeries> queues = new ArrayList<>();
    for (String name : names) {
      List<Point> depth = store.measured("broker.messageCount", name, window);
      int consumers =
          (int)
              store.measured("broker.consumerCount", name, window).stream()
                  .mapToDouble(Point::value)
                  .max()
                  .orElse(0);
      List<Point> added = store.measured("broker.messagesAdded", name, window);
      queues.add(
          new QueueSeries(
              name,
              name.substring(FlowQueue.PREFIX.length()),
              consumers,
              depth,
              added.size() < 2
                  ? Double.NaN
                  : added.get(added.size() - 1).value() - added.get(0).value()));
    }
    return queues;
  }

  private CpuData cpu(int cores) {
    Map<String, List<Point>> tiers = new LinkedHashMap<>();
    for (String tier : store.labels("cpu.tier")) {
      tiers.put(tier, store.measured("cpu.tier", tier, window));
    }
    return new CpuData(cores, store.measured("cpu.machine", "machine", window), tiers);
  }

  /** The engine as the middleware reported it; none when it has no engine threads. */
  private EngineData engine() {
    int threads =
        (int) max(store.measured("middleware.engineThreads", MiddlewareSource.TIER, window));
    if (threads <= 0) {
      return EngineData.none();
    }
    int capacity =
        (int) max(store.measured("middleware.engineCapacity", MiddlewareSource.TIER, window));
    return new EngineData(
        threads,
        capacity,
        store.measured("middleware.engineBusy", MiddlewareSource.TIER, window),
        store.measured("middleware.engineBacklog", MiddlewareSource.TIER, window));
  }

  /** The fetchers and the inbox they poll; none with queue intake. */
  private FetcherData fetcher() {
    String tier = MiddlewareSource.TIER;
    int fetchers = (int) max(store.measured("middleware.fetcher.fetchers", tier, window));
    if (fetchers <= 0) {
      return FetcherData.none();
    }
    return new FetcherData(
        fetchers,
        (int) max(store.measured("middleware.fetcher.pollingMillis", tier, window)),
        (int) max(store.measured("middleware.fetcher.submitMillis", tier, window)),
        (int) max(store.measured("middleware.fetcher.poolSize", tier, window)),
        store.measured("middleware.fetcher.polls", tier, window),
        store.measured("middleware.fetcher.emptyPolls", tier, window),
        store.measured("middleware.fetcher.picked", tier, window),
        store.measured(DbSource.INBOX, "NEW", window));
  }

  private static double max(List<Point> points) {
    return points.stream().mapToDouble(Point::value).max().orElse(0);
  }

  private Connections connections(int maxConnections) {
    int peak =
        (int)
            store.measured("db.connections", "client", window).stream()
                .mapToDouble(Point::value)
                .max()
                .orElse(0);
    List<Point> waiters =
        store.measured(MiddlewareSource.POOL_WAITERS, MiddlewareSource.TIER, window);
    long withWaiters = waiters.stream().filter(p -> p.value() > 0).count();
    int peakWaiters = (int) waiters.stream().mapToDouble(Point::value).max().orElse(0);
    // since the middleware started: its pool is refused while it fills, often before the window,
    // and stays short of those sessions through it
    long refused =
        (long) max(store.measured(MiddlewareSource.REFUSALS, MiddlewareSource.TIER, window));
    return new Connections(maxConnections, peak, waiters.size(), withWaiters, peakWaiters, refused);
  }
}
