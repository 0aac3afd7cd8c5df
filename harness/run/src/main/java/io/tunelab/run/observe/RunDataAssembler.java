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

  /**
   * The engine as the middleware reported it: with several instances, the one whose engine was the
   * busiest share of its threads (a saturated consuming instance, not its idle neighbour); none
   * when no instance has engine threads.
   */
  private EngineData engine() {
    EngineData busiest = EngineData.none();
    double busiestShare = -1;
    for (String label : instances("middleware.engineThreads")) {
      int threads = (int) max(store.measured("middleware.engineThreads", label, window));
      if (threads <= 0) {
        continue;
      }
      List<Point> busy = store.measured("middleware.engineBusy", label, window);
      double share = mean(busy) / threads;
      if (share > busiestShare) {
        busiestShare = share;
        busiest =
            new EngineData(
                threads,
                (int) max(store.measured("middleware.engineCapacity", label, window)),
                busy,
                store.measured("middleware.engineBacklog", label, window),
                label);
      }
    }
    return busiest;
  }

  /**
   * The instances that reported {@code series}, the first instance's label first: the source
   * samples them in that order, and the store keeps its labels in the order they came.
   */
  private List<String> instances(String series) {
    return store.labels(series).stream().filter(MiddlewareSource::isInstance).toList();
  }

  private static double mean(List<Point> points) {
    return points.stream().mapToDouble(Point::value).average().orElse(0);
  }

  /**
   * The fetchers and the inbox they poll: with several instances, those of the instance whose
   * fetchers polled the most; none with queue intake.
   */
  private FetcherData fetcher() {
    FetcherData most = FetcherData.none();
    double mostPolls = -1;
    for (String tier : instances("middleware.fetcher.fetchers")) {
      int fetchers = (int) max(store.measured("middleware.fetcher.fetchers", tier, window));
      if (fetchers <= 0) {
        continue;
      }
      List<Point> polls = store.measured("middleware.fetcher.polls", tier, window);
      if (max(polls) > mostPolls) {
        mostPolls = max(polls);
        most =
            new FetcherData(
                fetchers,
                (int) max(store.measured("middleware.fetcher.pollingMillis", tier, window)),
                (int) max(store.measured("middleware.fetcher.submitMillis", tier, window)),
                (int) max(store.measured("middleware.fetcher.poolSize", tier, window)),
                polls,
                store.measured("middleware.fetcher.emptyPolls", tier, window),
                store.measured("middleware.fetcher.picked", tier, window),
                store.measured(DbSource.INBOX, "NEW", window));
      }
    }
    return most;
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
    // each instance has a pool of its own: the one whose threads waited in the most samples
    List<Point> waiters = List.of();
    long withWaiters = -1;
    for (String label : instances(MiddlewareSource.POOL_WAITERS)) {
      List<Point> each = store.measured(MiddlewareSource.POOL_WAITERS, label, window);
      long waited = each.stream().filter(p -> p.value() > 0).count();
      if (waited > withWaiters) {
        withWaiters = waited;
        waiters = each;
      }
    }
    withWaiters = Math.max(0, withWaiters);
    int peakWaiters = (int) waiters.stream().mapToDouble(Point::value).max().orElse(0);
    // since each middleware started: its pool is refused while it fills, often before the window,
    // and stays short of those sessions through it
    long refused = 0;
    for (String label : instances(MiddlewareSource.REFUSALS)) {
      refused += (long) max(store.measured(MiddlewareSource.REFUSALS, label, window));
    }
    return new Connections(maxConnections, peak, waiters.size(), withWaiters, peakWaiters, refused);
  }
}
