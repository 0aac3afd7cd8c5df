package io.tunelab.tiers.run;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.Knobs;
import io.tunelab.core.results.LatencyMillis;
import io.tunelab.core.results.Metrics;
import io.tunelab.core.results.OrderAccounting;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.Warmup;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.db.DataPreparation;
import io.tunelab.tiers.db.Database;
import io.tunelab.tiers.load.Accounting;
import io.tunelab.tiers.load.BatchOrderPlan;
import io.tunelab.tiers.load.DrainAccounting;
import io.tunelab.tiers.load.DrainMetrics;
import io.tunelab.tiers.load.DrainResult;
import io.tunelab.tiers.load.DrainWatcher;
import io.tunelab.tiers.load.FaultedOrders;
import io.tunelab.tiers.load.JmeterRunner;
import io.tunelab.tiers.load.LoadRun;
import io.tunelab.tiers.load.MocksCompletions;
import io.tunelab.tiers.load.SizeMix;
import io.tunelab.tiers.mocks.MocksClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * One repetition of a batch-order step: prepare the data (migrate, index, seed, purge, analyze),
 * send and drain a warm-up batch that no statistic sees (the sampler tags it warm-up), then send
 * the measured batch, drain it and account for every order; the sampler's findings join the
 * repetition's record.
 */
final class BatchOrderRepetition implements PlanRepetition {
  static final String INTAKE_QUEUE = "tunelab.intake";
  private static final Duration POLL = Duration.ofMillis(250);

  private final RunTiers tiers;
  private final JmeterRunner load;
  private final Sampler sampler;
  private final Progress progress;

  BatchOrderRepetition(RunTiers tiers, JmeterRunner load, Sampler sampler, Progress progress) {
    this.tiers = tiers;
    this.load = load;
    this.sampler = sampler;
    this.progress = progress;
  }

  /** The tag is carried by the order ids. */
  @Override
  public Repetition run(
      KnobSet knobs, Progress.Position at, String tag, Path dir, String relativeDir)
      throws InterruptedException {
    long started = System.nanoTime();
    progress.phase(at, "preparing data");
    Endpoints endpoints = tiers.endpoints();
    if (knobs.get(Knobs.DB_PURGE)) {
      // What a stalled repetition left waiting would otherwise be counted in this one; first, so
      // that the middleware is not working on it while the tables are purged.
      try (BrokerManagement broker = BrokerManagement.connect(endpoints.broker())) {
        broker.purgeQueues();
      }
    }
    DataPreparation.prepare(
        new Database(endpoints.db(), endpoints.dbUser(), endpoints.dbPassword()), knobs, true);
    Sampler.Window window = tiers.samplerWindow(at, dir);
    try (Sampler.Sampling sampling = sampler.start(window)) {
      Warmup warmup = warmup(knobs, at, tag, dir);
      sampling.markMeasured();
      int orders = knobs.get(Knobs.WORKLOAD_ORDERS);
      progress.phase(at, "load (" + orders + " orders)");
      Batch measured = batch(knobs, orders, tag + "m", dir.resolve("load"), at);
      Repetition done = repetition(knobs, at, measured, warmup, millisSince(started), relativeDir);
      DrainMetrics m = measured.drain().accounting().metrics();
      Repetition withLatency = LatencyLog.attach(done, m.latencyHistogram(), dir);
      return sampling
          .finish(m.completedOrders(), m.meanMillis())
          .map(o -> withLatency.withObservation(o.findings(), o.stats()))
          .orElse(withLatency);
    }
  }

  /** Sends and drains the warm-up batch when this repetition has one; null when not. */
  private Warmup warmup(KnobSet knobs, Progress.Position at, String tag, Path dir)
      throws InterruptedException {
    int warmupOrders = knobs.get(Knobs.WORKLOAD_WARMUP_ORDERS);
    boolean everyRepetition = knobs.get(Knobs.WORKLOAD_WARMUP_BEFORE).equals("every-repetition");
    if (warmupOrders <= 0 || !(everyRepetition || at.repetition() == 1)) {
      return null;
    }
    progress.phase(at, "warm-up (" + warmupOrders + " orders, not measured)");
    long warmupStart = System.nanoTime();
    Batch batch = batch(knobs, warmupOrders, tag + "w", dir.resolve("warmup"), at);
    Accounting a = batch.drain().accounting();
    return new Warmup(warmupOrders, a.completed() + a.faulted(), millisSince(warmupStart));
  }

  private Repetition repetition(
      KnobSet knobs,
      Progress.Position at,
      Batch batch,
      Warmup warmup,
      long wallMillis,
      String relativeDir) {
    Accounting a = batch.drain().accounting();
    int unsent = batch.orders() - a.submitted();
    int errors = a.faulted() + unsent;
    double errorPercent = 100.0 * errors / batch.orders();
    double maxErrorPercent = knobs.get(Knobs.WORKLOAD_MAX_ERROR_PERCENT);
    StringBuilder verdict = new StringBuilder(a.message());
    if (batch.drain().endedBy().isPresent()) {
      verdict.append("; the drain ended early: ").append(batch.drain().endedBy().get());
    } else if (!batch.drain().complete()) {
      verdict
          .append("; the drain stalled (no order settled for ")
          .append(knobs.get(Knobs.WORKLOAD_DRAIN_TIMEOUT))
          .append(" s)");
    }
    if (unsent > 0) {
      verdict.append("; ").append(unsent).append(" orders failed to send (see the JTL)");
    }
    boolean withinErrors = errorPercent <= maxErrorPercent;
    if (!withinErrors) {
      verdict.append(
          String.format(
              Locale.ROOT,
              "; INVALID: errors %.1f%% over workload.maxErrorPercent %s%%",
              errorPercent,
              Knobs.WORKLOAD_MAX_ERROR_PERCENT.format(maxErrorPercent)));
    }
    boolean valid = a.valid() && batch.drain().complete() && withinErrors;
    DrainMetrics m = a.metrics();
    Metrics metrics =
        Metrics.of(
            m.ordersPerMinute(),
            new LatencyMillis(m.p50Millis(), m.p90Millis(), m.p99Millis(), m.maxMillis()),
            errors);
    OrderAccounting accounting =
        new OrderAccounting(
            a.submitted(), a.completed(), a.faulted(), a.lost().size(), a.duplicated().size());
    progress.line(
        String.format(
            Locale.ROOT,
            "%s rep %d: %.1f orders/min, p99 %d ms, %s",
            at.step(),
            at.repetition(),
            m.ordersPerMinute(),
            m.p99Millis(),
            verdict));
    return new Repetition(
        at.repetition(),
        valid,
        verdict.toString(),
        metrics,
        accounting,
        warmup,
        wallMillis,
        relativeDir);
  }

  private record Batch(int orders, LoadRun load, DrainResult drain) {}

  private Batch batch(KnobSet knobs, int orders, String tag, Path dir, Progress.Position at)
      throws InterruptedException {
    Endpoints endpoints = tiers.endpoints();
    MocksClient siebel = tiers.siebel();
    long since = siebel.reset();
    BatchOrderPlan plan =
        new BatchOrderPlan(
            endpoints.broker(),
            INTAKE_QUEUE,
            orders,
            knobs.get(Knobs.WORKLOAD_THREADS),
            knobs.get(Knobs.WORKLOAD_SEED),
            SizeMix.parse(knobs.get(Knobs.WORKLOAD_MIX)),
            knobs.get(Knobs.DB_SEED_CUSTOMERS),
            knobs.get(Knobs.WORKLOAD_NEW_CUSTOMER_PERCENT),
            tag,
            knobs.get(Knobs.WORKLOAD_PERSISTENT));
    LoadRun run = load.run(plan, dir, Duration.ofSeconds(120 + orders / 10));
    Map<String, Long> sent;
    try {
      sent = DrainAccounting.submitted(run.records());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the load run's JTL " + run.jtl(), e);
    }
    progress.phase(at, "drain (" + sent.size() + " orders sent)");
    DrainResult drain =
        new DrainWatcher(
                new LiveCompletions(
                    new MocksCompletions(siebel, since), progress, at, orders, firstSend(sent)),
                FaultedOrders.of(dataSource(endpoints), plan),
                POLL,
                Duration.ofSeconds(knobs.get(Knobs.WORKLOAD_DRAIN_TIMEOUT)),
                tiers::middlewareDeath)
            .await(sent);
    return new Batch(orders, run, drain);
  }

  private static long firstSend(Map<String, Long> sent) {
    return sent.values().stream()
        .mapToLong(Long::longValue)
        .min()
        .orElse(System.currentTimeMillis());
  }

  private static PGSimpleDataSource dataSource(Endpoints endpoints) {
    PGSimpleDataSource dataSource = new PGSimpleDataSource();
    dataSource.setUrl(endpoints.db());
    dataSource.setUser(endpoints.dbUser());
    dataSource.setPassword(endpoints.dbPassword());
    return dataSource;
  }

  private static long millisSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }
}
