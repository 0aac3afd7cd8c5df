package io.tunelab.run.plans.sort;

import io.tunelab.core.experiment.Plan;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.measure.LatencySummary;
import io.tunelab.core.measure.SoapStats;
import io.tunelab.core.results.RequestMeasures;
import io.tunelab.core.results.RunLayout;
import io.tunelab.core.results.Warmup;
import io.tunelab.run.PlanSteps;
import io.tunelab.run.Progress;
import io.tunelab.run.RoundWarmup;
import io.tunelab.run.RunTiers;
import io.tunelab.run.Sampler;
import io.tunelab.run.observe.HostClock;
import io.tunelab.tiers.db.DataPreparation;
import io.tunelab.tiers.db.Database;
import io.tunelab.tiers.jmeter.LoadGenerator;
import io.tunelab.tiers.jmeter.SpreadOverInstances;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalLong;

/**
 * A sort-requests repetition's parts: prepare the data (the parcel tables purged, so they grow from
 * empty during the run) and write the requests CSV; warm up in rounds at the target rate until the
 * middleware's CPU per request is steady, then prepare the data again (a warm-up's parcels would
 * make the measured run's first scans re-scans); then the measured open-model run, judged with its
 * deadline misses ({@link SortOutcome}).
 */
public final class SortSteps implements PlanSteps {
  /** The requests CSV in the repetition's folder. */
  static final String REQUESTS_CSV = "sort-requests.csv";

  /** Devices and destinations the CSV draws from (every destination has a route). */
  static final int DEVICES = 64;

  static final int DESTINATIONS = 5_000;

  private final RunTiers tiers;
  private final LoadGenerator load;
  private final Progress progress;
  private final RoundWarmup rounds;

  public SortSteps(RunTiers tiers, LoadGenerator load, Progress progress) {
    this.tiers = tiers;
    this.load = load;
    this.progress = progress;
    this.rounds =
        new RoundWarmup(
            tiers,
            progress,
            "requests",
            "the requests one middleware core would answer per minute (60,000 / the middleware"
                + " JVM's CPU ms per request, its JIT and GC threads included)");
  }

  @Override
  public Plan plan() {
    return Plan.SORT_REQUESTS;
  }

  @Override
  public void prepare(KnobSet knobs, Path dir) {
    DataPreparation.prepare(Database.of(tiers.endpoints()), knobs, true);
    SortWorkload workload = SortWorkload.of(knobs);
    int seconds = Math.max(workload.durationSeconds(), workload.warmupSeconds());
    writeCsv(workload, dir.resolve(REQUESTS_CSV), seconds);
    if (workload.engines() > 1) {
      SortRequests.splitForEngines(dir.resolve(REQUESTS_CSV), workload.engines());
    }
  }

  /**
   * Rows enough for {@code seconds} of Poisson arrivals at the target rate with room to spare (the
   * plan's CSV recycles, and a recycled barcode would be a re-scan the knob did not ask for).
   */
  static SortRequests.Summary writeCsv(SortWorkload workload, Path csv, int seconds) {
    int rate = workload.arrivalsPerMinute();
    long expected = (long) Math.ceil(rate * (double) seconds / 60);
    int rows = (int) Math.min(SortRequests.Spec.MAX_ROWS, expected + expected / 4 + 100);
    int rescanAfter =
        (int)
            Math.max(
                1,
                Math.min(
                    SortRequests.Spec.MAX_RESCAN_AFTER_ROWS,
                    Math.round(rate * workload.rescanAfterSeconds() / 60.0)));
    return SortRequests.write(
        csv,
        new SortRequests.Spec(
            workload.seed(),
            rows,
            workload.mix(),
            workload.rescanPercent(),
            rescanAfter,
            DEVICES,
            DESTINATIONS));
  }

  @Override
  public boolean warmsUp(KnobSet knobs) {
    return SortWorkload.of(knobs).warmupSeconds() > 0;
  }

  @Override
  public Warmup warmUp(KnobSet knobs, Progress.Position at, String tag, Path dir)
      throws InterruptedException {
    SortWorkload workload = SortWorkload.of(knobs);
    SortRequestPlan plan = plan(workload, dir.resolve(REQUESTS_CSV), workload.warmupSeconds());
    Warmup warmup =
        rounds.run(
            knobs,
            at,
            describe(plan),
            dir.resolve("warmup"),
            (number, roundDir) -> {
              long pid = tiers.middlewarePid();
              OptionalLong before = HostClock.cpuNanos(pid);
              SortRequestResult result =
                  SortRequestResult.run(
                      SpreadOverInstances.over(load, tiers.middleware().sortUrls()),
                      plan,
                      roundDir,
                      timeout(plan),
                      false);
              OptionalLong after = HostClock.cpuNanos(pid);
              LatencySummary all = result.stats().overall();
              return new RoundWarmup.Done(
                  all.requests(), all.requests() - all.errors(), perCpuMinute(before, after, all));
            });
    DataPreparation.prepare(Database.of(tiers.endpoints()), knobs, true);
    return warmup;
  }

  @Override
  public Measured measure(
      KnobSet knobs, Progress.Position at, String tag, Path dir, Sampler.Sampling sampling)
      throws InterruptedException {
    sampling.markMeasured();
    SortWorkload workload = SortWorkload.of(knobs);
    SortRequestPlan plan = plan(workload, dir.resolve(REQUESTS_CSV), workload.durationSeconds());
    progress.phase(at, "load (" + describe(plan) + ")");
    HostClock.Ticks before = HostClock.now();
    SortRequestResult result =
        SortRequestResult.run(
            SpreadOverInstances.over(load, tiers.middleware().sortUrls()),
            plan,
            dir.resolve(RunLayout.LOAD),
            timeout(plan),
            true);
    Double steal = HostClock.orNull(HostClock.now().stealPercentSince(before));
    if (Thread.interrupted()) {
      throw new InterruptedException("stopped during the load run");
    }
    SortOutcome outcome =
        SortOutcome.of(
                result,
                workload.maxErrorPercent(),
                workload.deadlineMillis(),
                workload.maxMissPercent())
            .withDeath(tiers.middlewareDeath());
    LatencySummary all = outcome.requests().overall();
    return new Measured(
            outcome.valid(),
            outcome.verdict(),
            outcome.metrics(),
            new RequestMeasures(outcome.requests(), outcome.deadline()),
            result.stats().histograms().get(SoapStats.OVERALL),
            steal,
            all.requests() - all.errors(),
            all.meanMillis())
        .withFigure(outcome.deadline());
  }

  /**
   * What a warm-up round is judged on. An open model's throughput is its arrival rate however warm
   * the JVM, and its latency at a few ms jumps 20% from round to round with the Poisson bursts (a
   * 6,000/min warm-up took 32 rounds to look steady); the middleware's CPU per request is what the
   * JIT lowers, and it settles. 0 when the CPU cannot be read or nothing was answered.
   */
  static double perCpuMinute(OptionalLong before, OptionalLong after, LatencySummary all) {
    double cpuMillisPerRequest =
        HostClock.cpuMillisPerUnit(before, after, all.requests() - all.errors()).orElse(0);
    return cpuMillisPerRequest > 0 ? 60_000 / cpuMillisPerRequest : 0;
  }

  private SortRequestPlan plan(SortWorkload workload, Path csv, int seconds) {
    return new SortRequestPlan(
        tiers.middleware().sortUrl(),
        csv,
        workload.arrivalsPerMinute(),
        seconds,
        workload.responseTimeoutMillis());
  }

  /** A safety net: the schedule, a response timeout after it, and five minutes for the JVM. */
  static Duration timeout(SortRequestPlan plan) {
    return Duration.ofMinutes(5)
        .plusSeconds(plan.durationSeconds())
        .plusMillis(2L * plan.responseTimeoutMillis());
  }

  private static String describe(SortRequestPlan plan) {
    return plan.arrivalsPerMinute() + " requests/min for " + plan.durationSeconds() + " s";
  }
}
