package io.tunelab.run.plans.soap;

import io.tunelab.core.experiment.Plan;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.measure.LatencySummary;
import io.tunelab.core.measure.SoapStats;
import io.tunelab.core.results.RequestMeasures;
import io.tunelab.core.results.RunLayout;
import io.tunelab.core.results.Warmup;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.run.PlanSteps;
import io.tunelab.run.Progress;
import io.tunelab.run.RunTiers;
import io.tunelab.run.Sampler;
import io.tunelab.run.observe.HostClock;
import io.tunelab.tiers.db.DataPreparation;
import io.tunelab.tiers.db.Database;
import io.tunelab.tiers.jmeter.LoadGenerator;
import io.tunelab.tiers.jmeter.SpreadOverInstances;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A concurrent-soap repetition's parts: prepare the data (migrate, index, seed, purge, analyze) and
 * write the customers CSV from the seeded cross references; warm up until the throughput is steady
 * ({@link SoapWarmup}, in no statistic); then the measured run (closed or open model), whose JTL,
 * JMeter's dashboard and the statistics computed from it land in the repetition's folder. Requests
 * carry no id of their own, so the tag is unused.
 */
public final class SoapSteps implements PlanSteps {
  /** The customers CSV in the repetition's folder. */
  static final String CUSTOMERS_CSV = "customers.csv";

  private final RunTiers tiers;
  private final LoadGenerator load;
  private final Progress progress;
  private final SoapWarmup warmup;
  private int customers;

  public SoapSteps(RunTiers tiers, LoadGenerator load, Progress progress) {
    this.tiers = tiers;
    this.load = load;
    this.progress = progress;
    this.warmup = new SoapWarmup(tiers, load, progress);
  }

  @Override
  public Plan plan() {
    return Plan.CONCURRENT_SOAP;
  }

  /** Migrates, seeds, purges, analyzes; writes the customers CSV. */
  @Override
  public void prepare(KnobSet knobs, Path dir) {
    Endpoints endpoints = tiers.endpoints();
    DataPreparation.prepare(Database.of(endpoints), knobs, true);
    customers =
        BillingCustomers.writeCsv(
            endpoints.db(),
            endpoints.dbUser(),
            endpoints.dbPassword(),
            dir.resolve(CUSTOMERS_CSV),
            SoapWorkload.of(knobs).customers());
  }

  @Override
  public boolean warmsUp(KnobSet knobs) {
    return SoapWorkload.of(knobs).warmupLoops() > 0;
  }

  @Override
  public Warmup warmUp(KnobSet knobs, Progress.Position at, String tag, Path dir)
      throws InterruptedException {
    Warmup done =
        warmup.run(
            knobs,
            at,
            tiers.middleware().billingUrl(),
            dir.resolve(CUSTOMERS_CSV),
            dir.resolve("warmup"));
    // the warm-up's rounds wrote instances, audit and tracking rows: measure from the state
    // every other repetition starts from, not on top of them
    progress.phase(at, "preparing data");
    prepare(knobs, dir);
    return done;
  }

  @Override
  public Measured measure(
      KnobSet knobs, Progress.Position at, String tag, Path dir, Sampler.Sampling sampling)
      throws InterruptedException {
    sampling.markMeasured();
    SoapWorkload workload = SoapWorkload.of(knobs);
    ConcurrentSoapPlan plan =
        measuredPlan(workload, tiers.middleware().billingUrl(), dir.resolve(CUSTOMERS_CSV));
    progress.phase(at, "load (" + describe(plan) + ", " + customers + " customers)");
    HostClock.Ticks before = HostClock.now();
    ConcurrentSoapResult result =
        ConcurrentSoapResult.run(
            SpreadOverInstances.over(load, tiers.middleware().billingUrls()),
            plan,
            dir.resolve(RunLayout.LOAD),
            timeout(plan),
            true);
    Double steal = HostClock.orNull(HostClock.now().stealPercentSince(before));
    checkInterrupted();
    SoapOutcome outcome =
        SoapOutcome.of(result, workload.maxErrorPercent()).withDeath(tiers.middlewareDeath());
    LatencySummary all = outcome.requests().overall();
    return new Measured(
        outcome.valid(),
        outcome.verdict(),
        outcome.metrics(),
        new RequestMeasures(outcome.requests()),
        result.stats().histograms().get(SoapStats.OVERALL),
        steal,
        all.requests() - all.errors(),
        all.meanMillis());
  }

  static ConcurrentSoapPlan measuredPlan(SoapWorkload workload, URI url, Path customers) {
    return workload.queried(modelPlan(workload, url, customers));
  }

  private static ConcurrentSoapPlan modelPlan(SoapWorkload workload, URI url, Path customers) {
    return switch (workload.model()) {
      case CLOSED ->
          new ConcurrentSoapPlan(
              ConcurrentSoapPlan.Model.CLOSED,
              url,
              customers,
              workload.threads(),
              workload.loops(),
              workload.rampUpSeconds(),
              0,
              0,
              ConcurrentSoapPlan.DEFAULT_RESPONSE_TIMEOUT_MILLIS,
              workload.brmInvoices(),
              workload.brmUsageLines());
      case OPEN ->
          ConcurrentSoapPlan.open(
              url, customers, workload.arrivalsPerMinute(), workload.durationSeconds());
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
}
