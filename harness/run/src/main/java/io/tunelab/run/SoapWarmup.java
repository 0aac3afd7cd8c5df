package io.tunelab.run;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.WorkloadKnobs;
import io.tunelab.core.measure.LatencySummary;
import io.tunelab.core.results.SteadyStateReport;
import io.tunelab.core.results.Warmup;
import io.tunelab.core.stats.SteadyState;
import io.tunelab.core.stats.WarmupRule;
import io.tunelab.run.observe.HostClock;
import io.tunelab.tiers.jmeter.ConcurrentSoapPlan;
import io.tunelab.tiers.jmeter.ConcurrentSoapResult;
import io.tunelab.tiers.jmeter.LoadGenerator;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The warm-up of a concurrent-soap step until its throughput is steady, not for a fixed count:
 * rounds of the closed plan ({@code workload.threads} users x {@code workload.warmupLoops} loops x
 * 3 queries), each its own JMeter run in no statistic, judged after each by the batch-order
 * warm-up's {@link WarmupRule} on the rounds' throughput (requests from the first start to the last
 * answer) with rounds the hypervisor disturbed left out. The CPU per request is not read here, so
 * only the throughput is judged. It ends without a steady state at {@code
 * workload.warmupMaxSeconds} or when the middleware dies.
 */
final class SoapWarmup {
  private final RunTiers tiers;
  private final LoadGenerator load;
  private final Progress progress;

  SoapWarmup(RunTiers tiers, LoadGenerator load, Progress progress) {
    this.tiers = tiers;
    this.load = load;
    this.progress = progress;
  }

  Warmup run(KnobSet knobs, Progress.Position at, URI url, Path customers, Path dir)
      throws InterruptedException {
    ConcurrentSoapPlan plan =
        ConcurrentSoapPlan.closed(
                url,
                customers,
                knobs.get(WorkloadKnobs.THREADS),
                knobs.get(WorkloadKnobs.WARMUP_LOOPS))
            .withResponseTimeoutMillis(knobs.get(WorkloadKnobs.RESPONSE_TIMEOUT));
    WarmupRule rule = SteadyWarmup.rule(knobs);
    long started = System.currentTimeMillis();
    List<WarmupRule.Batch> rounds = new ArrayList<>();
    int requests = 0;
    int answered = 0;
    String endedBy = null;
    for (int round = 1; endedBy == null; round++) {
      progress.phase(
          at,
          "warm-up round "
              + round
              + " ("
              + plan.threads()
              + " users x "
              + plan.loops()
              + " loops x 3 queries, not measured)");
      HostClock.Ticks before = HostClock.now();
      ConcurrentSoapResult result =
          ConcurrentSoapResult.run(
              load, plan, dir.resolve("round-" + round), SoapSteps.timeout(plan), false);
      if (Thread.interrupted()) {
        throw new InterruptedException("stopped during the warm-up");
      }
      HostClock.Ticks after = HostClock.now();
      LatencySummary all = result.stats().overall();
      requests += (int) all.count();
      answered += (int) (all.count() - all.errors());
      WarmupRule.Batch judged =
          new WarmupRule.Batch(
              all.requestsPerMinute(),
              null,
              SoapSteps.percent(after.stealPercentSince(before)),
              SoapSteps.percent(after.busyPercentSince(before)));
      rounds.add(judged);
      progress.report(
          new RunEvent.WarmupRound(
              at, "round", round, "requests/min", judged, rule.disturbed(judged)));
      endedBy = ending(knobs, rule.judge(rounds), started);
    }
    SteadyStateReport report = report(knobs, rule, rounds, endedBy, requests, started);
    tiers.middlewareWarmedUp(report);
    progress.report(
        new RunEvent.WarmupEnded(
            at, report, rounds.size(), "rounds", requests, "requests", "requests/min"));
    return Warmup.ofRequestsUntilSteady(requests, answered, report.millis(), report);
  }

  private String ending(KnobSet knobs, WarmupRule.Verdict verdict, long started) {
    if (verdict.steady()) {
      return SteadyWarmup.STEADY;
    }
    if (tiers.middlewareDeath().isPresent()) {
      return "the middleware went away: " + tiers.middlewareDeath().get();
    }
    int cap = knobs.get(WorkloadKnobs.WARMUP_MAX_SECONDS);
    if (System.currentTimeMillis() - started >= 1000L * cap) {
      return "the time cap workload.warmupMaxSeconds (" + cap + " s) was reached";
    }
    return null;
  }

  private static SteadyStateReport report(
      KnobSet knobs,
      WarmupRule rule,
      List<WarmupRule.Batch> rounds,
      String endedBy,
      int requests,
      long started) {
    SteadyState.Verdict throughput = rule.judge(rounds).throughput();
    boolean reached = SteadyWarmup.STEADY.equals(endedBy);
    String text =
        String.format(
            Locale.ROOT,
            "steady when, over the last %d warm-up rounds with at most %s%% steal, the throughput"
                + " (requests per minute) varies (CV) and trends by at most %s%%",
            rule.batches(),
            WorkloadKnobs.MAX_STEAL_PERCENT.format(rule.maxStealPercent()),
            WorkloadKnobs.STEADY_TOLERANCE.format(knobs.get(WorkloadKnobs.STEADY_TOLERANCE)));
    return new SteadyStateReport(
        reached,
        text,
        rounds.stream().map(WarmupRule.Batch::throughputPerMinute).toList(),
        rounds.stream().map(WarmupRule.Batch::cpuMillisPerOrder).toList(),
        rounds.stream().map(WarmupRule.Batch::stealPercent).toList(),
        (int) rounds.stream().filter(rule::disturbed).count(),
        reached ? throughput.level() : null,
        SteadyWarmup.percent(throughput.cv()),
        SteadyWarmup.percent(throughput.trend()),
        null,
        null,
        throughput.shape().name(),
        requests,
        System.currentTimeMillis() - started,
        endedBy);
  }
}
