package io.tunelab.run;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.WorkloadKnobs;
import io.tunelab.core.results.SteadyStateReport;
import io.tunelab.core.results.Warmup;
import io.tunelab.core.stats.SteadyState;
import io.tunelab.core.stats.WarmupRule;
import io.tunelab.run.observe.HostClock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A warm-up in rounds until the throughput is steady, not for a fixed count: each round one load
 * run of the plan in no statistic (the concurrent-soap and messaging plans), judged after each by
 * the batch-order warm-up's {@link WarmupRule} on the rounds' throughput, rounds the hypervisor
 * disturbed left out. The CPU per unit is not read here, so only the throughput is judged. It ends
 * without a steady state at {@code workload.warmupMaxSeconds} or when the middleware dies.
 */
final class RoundWarmup {
  /** One round of the plan's load, run into its own folder. */
  @FunctionalInterface
  interface Round {
    Done run(int number, Path dir) throws InterruptedException;
  }

  /**
   * What a round did.
   *
   * @param units requests made or messages sent
   * @param succeeded of them, answered or finished without error
   * @param perMinute the round's throughput, or the rate the warm-up judges instead
   */
  record Done(long units, long succeeded, double perMinute) {}

  private final RunTiers tiers;
  private final Progress progress;
  private final String unit;
  private final String judged;

  /**
   * @param unit what a round counts, plural: {@code requests}, {@code messages}
   */
  RoundWarmup(RunTiers tiers, Progress progress, String unit) {
    this(tiers, progress, unit, "the throughput (" + unit + " per minute)");
  }

  /**
   * @param judged what {@link Done#perMinute} is, for the report: an open model's throughput is its
   *     arrival rate whatever the JVM's warmth, so its rounds are judged on a rate from latency
   */
  RoundWarmup(RunTiers tiers, Progress progress, String unit, String judged) {
    this.tiers = tiers;
    this.progress = progress;
    this.unit = unit;
    this.judged = judged;
  }

  /**
   * Runs rounds until steady.
   *
   * @param describe what one round is, for the progress line
   */
  Warmup run(KnobSet knobs, Progress.Position at, String describe, Path dir, Round round)
      throws InterruptedException {
    WarmupRule rule = SteadyWarmup.rule(knobs);
    long started = System.currentTimeMillis();
    List<WarmupRule.Batch> rounds = new ArrayList<>();
    long units = 0;
    long succeeded = 0;
    String endedBy = null;
    for (int number = 1; endedBy == null; number++) {
      progress.phase(at, "warm-up round " + number + " (" + describe + ", not measured)");
      HostClock.Ticks before = HostClock.now();
      Done done = round.run(number, dir.resolve("round-" + number));
      if (Thread.interrupted()) {
        throw new InterruptedException("stopped during the warm-up");
      }
      HostClock.Ticks after = HostClock.now();
      units += done.units();
      succeeded += done.succeeded();
      WarmupRule.Batch judged =
          new WarmupRule.Batch(
              done.perMinute(),
              null,
              SoapSteps.percent(after.stealPercentSince(before)),
              SoapSteps.percent(after.busyPercentSince(before)));
      rounds.add(judged);
      progress.report(
          new RunEvent.WarmupRound(
              at, "round", number, unit + "/min", judged, rule.disturbed(judged)));
      endedBy = ending(knobs, rule.judge(rounds), started);
    }
    SteadyStateReport report = report(knobs, rule, rounds, endedBy, units, started);
    tiers.middlewareWarmedUp(report);
    progress.report(
        new RunEvent.WarmupEnded(
            at, report, rounds.size(), "rounds", (int) units, unit, unit + "/min"));
    return Warmup.ofRequestsUntilSteady((int) units, (int) succeeded, report.millis(), report);
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

  private SteadyStateReport report(
      KnobSet knobs,
      WarmupRule rule,
      List<WarmupRule.Batch> rounds,
      String endedBy,
      long units,
      long started) {
    SteadyState.Verdict throughput = rule.judge(rounds).throughput();
    boolean reached = SteadyWarmup.STEADY.equals(endedBy);
    String text =
        String.format(
            Locale.ROOT,
            "steady when, over the last %d warm-up rounds with at most %s%% steal, %s varies"
                + " (CV) and trends by at most %s%%",
            rule.batches(),
            WorkloadKnobs.MAX_STEAL_PERCENT.format(rule.maxStealPercent()),
            judged,
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
        (int) units,
        System.currentTimeMillis() - started,
        endedBy);
  }
}
