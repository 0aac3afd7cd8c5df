package io.tunelab.run;

import io.tunelab.core.knobs.DataKnobs;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.WorkloadKnobs;
import io.tunelab.core.measure.SoapStats;
import io.tunelab.core.results.OperationStats;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RunLayout;
import io.tunelab.core.results.Warmup;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.run.observe.HostClock;
import io.tunelab.tiers.db.DataPreparation;
import io.tunelab.tiers.db.Database;
import io.tunelab.tiers.jmeter.BillingCustomers;
import io.tunelab.tiers.jmeter.ConcurrentSoapPlan;
import io.tunelab.tiers.jmeter.ConcurrentSoapResult;
import io.tunelab.tiers.jmeter.JmeterRunner;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/**
 * One repetition of a concurrent-soap step: prepare the data (migrate, index, seed, purge,
 * analyze), write the customers CSV from the seeded cross references, warm a middleware JVM new to
 * the run up until its throughput is steady ({@link SoapWarmup}, in no statistic), then the
 * measured run (closed or open model) with the sampler running; its JTL, JMeter's dashboard and the
 * statistics computed from the JTL land in the repetition's folder.
 */
final class SoapRepetition implements PlanRepetition {
  /** The customers CSV in the repetition's folder. */
  static final String CUSTOMERS_CSV = "customers.csv";

  private final RunTiers tiers;
  private final JmeterRunner load;
  private final Sampler sampler;
  private final Progress progress;
  private final SoapWarmup warmup;

  SoapRepetition(RunTiers tiers, JmeterRunner load, Sampler sampler, Progress progress) {
    this.tiers = tiers;
    this.load = load;
    this.sampler = sampler;
    this.progress = progress;
    this.warmup = new SoapWarmup(tiers, load, progress);
  }

  /** The tag is unused: requests carry no id of their own. */
  @Override
  public Repetition run(
      KnobSet knobs, Progress.Position at, String tag, Path dir, String relativeDir)
      throws InterruptedException {
    long started = System.nanoTime();
    progress.phase(at, "preparing data");
    Endpoints endpoints = tiers.endpoints();
    Path customers = dir.resolve(CUSTOMERS_CSV);
    int rows = prepare(knobs, endpoints, customers);
    URI url = tiers.middleware().billingUrl();
    Sampler.Window window = tiers.samplerWindow(at, dir);
    try (Sampler.Sampling sampling = sampler.start(window)) {
      Warmup warmedUp =
          warmupDue(knobs) ? warmup.run(knobs, at, url, customers, dir.resolve("warmup")) : null;
      sampling.markMeasured();
      ConcurrentSoapPlan plan = measuredPlan(knobs, url, customers);
      progress.phase(at, "load (" + describe(plan) + ", " + rows + " customers)");
      HostClock.Ticks before = HostClock.now();
      ConcurrentSoapResult result = load.run(plan, dir.resolve(RunLayout.LOAD), timeout(plan));
      Double steal = percent(HostClock.now().stealPercentSince(before));
      checkInterrupted();
      SoapOutcome outcome =
          SoapOutcome.of(result, knobs.get(WorkloadKnobs.MAX_ERROR_PERCENT))
              .withDeath(tiers.middlewareDeath());
      StringBuilder verdict = new StringBuilder(outcome.verdict());
      Boolean steady = BatchOrderOutcome.steady(tiers.middlewareWarmup().orElse(null), verdict);
      boolean disturbed = BatchOrderOutcome.disturbed(knobs, steal, verdict);
      progress.line(at.step() + " rep " + at.repetition() + ": " + outcome.summaryLine());
      Repetition done =
          new Repetition(
              at.repetition(),
              outcome.valid(),
              verdict.toString(),
              outcome.metrics(),
              null,
              warmedUp,
              millisSince(started),
              relativeDir,
              outcome.requests());
      Repetition withLatency =
          LatencyLog.attach(done, result.stats().histograms().get(SoapStats.OVERALL), dir)
              .withMiddlewareJvm(tiers.middlewareJvm())
              .withDisturbed(disturbed)
              .withSteady(steady);
      OperationStats all = outcome.requests().overall();
      return sampling
          .finish(all.requests() - all.errors(), all.meanMillis())
          .map(o -> o.applyTo(withLatency))
          .orElse(withLatency);
    }
  }

  /** Migrates, seeds, purges, analyzes; writes the customers CSV; returns its customer rows. */
  private static int prepare(KnobSet knobs, Endpoints endpoints, Path customers) {
    DataPreparation.prepare(Database.of(endpoints), knobs, true);
    return BillingCustomers.writeCsv(
        endpoints.db(),
        endpoints.dbUser(),
        endpoints.dbPassword(),
        customers,
        knobs.get(DataKnobs.SEED_CUSTOMERS));
  }

  /**
   * A warm-up runs when the middleware JVM has not been warmed up since it started (a fresh,
   * revived or restarted one), or before every repetition when asked, unless {@code
   * workload.warmupLoops} is 0; a step that kept the JVM of the step before it measures on that
   * warm JVM.
   */
  private boolean warmupDue(KnobSet knobs) {
    if (knobs.get(WorkloadKnobs.WARMUP_LOOPS) == 0) {
      return false;
    }
    return tiers.middlewareWarmup().isEmpty()
        || knobs.get(WorkloadKnobs.WARMUP_BEFORE) == WorkloadKnobs.WarmupBefore.EVERY_REPETITION;
  }

  static ConcurrentSoapPlan measuredPlan(KnobSet knobs, URI url, Path customers) {
    return modelPlan(knobs, url, customers)
        .withResponseTimeoutMillis(knobs.get(WorkloadKnobs.RESPONSE_TIMEOUT));
  }

  private static ConcurrentSoapPlan modelPlan(KnobSet knobs, URI url, Path customers) {
    return switch (knobs.get(WorkloadKnobs.MODEL)) {
      case CLOSED ->
          new ConcurrentSoapPlan(
              ConcurrentSoapPlan.Model.CLOSED,
              url,
              customers,
              knobs.get(WorkloadKnobs.THREADS),
              knobs.get(WorkloadKnobs.LOOPS),
              knobs.get(WorkloadKnobs.RAMP_UP),
              0,
              0,
              ConcurrentSoapPlan.DEFAULT_RESPONSE_TIMEOUT_MILLIS);
      case OPEN ->
          ConcurrentSoapPlan.open(
              url,
              customers,
              knobs.get(WorkloadKnobs.ARRIVALS_PER_MINUTE),
              knobs.get(WorkloadKnobs.DURATION));
    };
  }

  /**
   * A safety net, not a measurement bound: every query is answered or fails within the response
   * timeout, so a closed user needs at most three of them a loop, and the open plan ends a response
   * timeout after its last arrival. The launch and the dashboard get five minutes more.
   */
  static Duration timeout(ConcurrentSoapPlan plan) {
    Duration slack = Duration.ofMinutes(5);
    Duration perQuery = Duration.ofMillis(plan.responseTimeoutMillis());
    if (plan.model() == ConcurrentSoapPlan.Model.OPEN) {
      return slack.plusSeconds(plan.durationSeconds()).plus(perQuery.multipliedBy(2));
    }
    return slack.plusSeconds(plan.rampUpSeconds()).plus(perQuery.multipliedBy(3L * plan.loops()));
  }

  private static String describe(ConcurrentSoapPlan plan) {
    return plan.model() == ConcurrentSoapPlan.Model.CLOSED
        ? plan.threads() + " users x " + plan.loops() + " loops x 3 queries"
        : plan.arrivalsPerMinute() + " arrivals/min for " + plan.durationSeconds() + " s";
  }

  /** The load runner turns an interrupt into an exception; this catches one it let through. */
  private static void checkInterrupted() throws InterruptedException {
    if (Thread.interrupted()) {
      throw new InterruptedException("stopped during the load run");
    }
  }

  /** The value, or null when unknown. */
  static Double percent(java.util.OptionalDouble value) {
    return value.isPresent() ? value.getAsDouble() : null;
  }

  private static long millisSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }
}
