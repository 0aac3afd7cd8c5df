package io.tunelab.run;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.WorkloadKnobs;
import io.tunelab.core.results.SteadyStateReport;
import io.tunelab.core.results.Warmup;
import io.tunelab.core.stats.WarmupRule;
import io.tunelab.run.observe.HostClock;
import io.tunelab.run.observe.StackClock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * A warm-up in rounds until the throughput is steady, not for a fixed count: each round one load
 * run of the plan in no statistic (the concurrent-soap and messaging plans), judged after each by
 * the batch-order warm-up's {@link WarmupRule} on the rounds' throughput, rounds the hypervisor
 * disturbed left out. What the whole stack spends per unit (the middleware's, the database's and
 * the broker's CPU, the WAL, the statements) is read around each round and judged too (on a machine
 * at least 80% busy), as for batch-order: with large answers the middleware's JIT and heap and the
 * database's caches settle slower than the throughput of a few rounds shows, and a step called
 * steady on throughput alone went on getting cheaper over its repetitions. It ends without a steady
 * state at {@code workload.warmupMaxSeconds} or when the middleware dies.
 */
public final class RoundWarmup {
  /** One round of the plan's load, run into its own folder. */
  @FunctionalInterface
  public interface Round {
    Done run(int number, Path dir) throws InterruptedException;
  }

  /**
   * What a round did.
   *
   * @param units requests made or messages sent
   * @param succeeded of them, answered or finished without error
   * @param perMinute the round's throughput, or the rate the warm-up judges instead
   */
  public record Done(long units, long succeeded, double perMinute) {}

  private final RunTiers tiers;
  private final Progress progress;
  private final String unit;
  private final String judged;

  /**
   * @param unit what a round counts, plural: {@code requests}, {@code messages}
   */
  public RoundWarmup(RunTiers tiers, Progress progress, String unit) {
    this(tiers, progress, unit, "the throughput (" + unit + " per minute)");
  }

  /**
   * @param judged what {@link Done#perMinute} is, for the report: an open model's throughput is its
   *     arrival rate whatever the JVM's warmth, so its rounds are judged on a rate from latency
   */
  public RoundWarmup(RunTiers tiers, Progress progress, String unit, String judged) {
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
  public Warmup run(KnobSet knobs, Progress.Position at, String describe, Path dir, Round round)
      throws InterruptedException {
    boolean fullSpeed = knobs.get(WorkloadKnobs.WARMUP_FULL_SPEED);
    if (fullSpeed) {
      tiers.mocksAtFullSpeed();
    }
    try {
      return rounds(knobs, at, describe, dir, round);
    } finally {
      if (fullSpeed) {
        tiers.mocksAsKnobs(knobs);
      }
    }
  }

  private Warmup rounds(KnobSet knobs, Progress.Position at, String describe, Path dir, Round round)
      throws InterruptedException {
    WarmupRule rule = WarmupReports.rule(knobs);
    long started = System.currentTimeMillis();
    List<WarmupRule.Batch> rounds = new ArrayList<>();
    long units = 0;
    long succeeded = 0;
    String endedBy = null;
    for (int number = 1; endedBy == null; number++) {
      progress.phase(at, "warm-up round " + number + " (" + describe + ", not measured)");
      StackClock.Reading before = tiers.stackReading();
      OptionalLong cpuBefore = tiers.middlewareCpuNanos();
      Done done = round.run(number, dir.resolve("round-" + number));
      if (Thread.interrupted()) {
        throw new InterruptedException("stopped during the warm-up");
      }
      OptionalLong cpuAfter = tiers.middlewareCpuNanos();
      StackClock.Cost cost = StackClock.between(before, tiers.stackReading(), done.succeeded());
      units += done.units();
      succeeded += done.succeeded();
      Map<String, Double> perUnit = new LinkedHashMap<>(cost.perUnit());
      Double middleware =
          HostClock.orNull(HostClock.cpuMillisPerUnit(cpuBefore, cpuAfter, done.succeeded()));
      perUnit.put(WarmupRule.MIDDLEWARE, middleware);
      WarmupRule.Batch judged =
          new WarmupRule.Batch(done.perMinute(), perUnit, cost.stealPercent(), cost.busyPercent());
      rounds.add(judged);
      progress.report(
          new RunEvent.WarmupRound(
              at, "round", number, unit + "/min", judged, rule.disturbed(judged)));
      endedBy = ending(knobs, rule.judge(rounds), started);
    }
    SteadyStateReport report =
        WarmupReports.report(
            knobs, rounds, endedBy, (int) units, started, "rounds", judged, singular(unit));
    tiers.middlewareWarmedUp(report);
    progress.report(
        new RunEvent.WarmupEnded(
            at, report, rounds.size(), "rounds", (int) units, unit, unit + "/min"));
    return Warmup.ofRequestsUntilSteady((int) units, (int) succeeded, report.millis(), report);
  }

  private String ending(KnobSet knobs, WarmupRule.Verdict verdict, long started) {
    if (verdict.steady()) {
      return WarmupReports.STEADY;
    }
    if (tiers.middlewareDeath().isPresent()) {
      return "the middleware went away: " + tiers.middlewareDeath().get();
    }
    int cap = knobs.get(WorkloadKnobs.WARMUP_MAX_SECONDS);
    if (System.currentTimeMillis() - started >= 1000L * cap) {
      return "the time cap workload.warmupMaxSeconds ("
          + cap
          + " s) was reached"
          + WarmupReports.stillCompiling(knobs, verdict);
    }
    return null;
  }

  private static String singular(String plural) {
    return plural.endsWith("s") ? plural.substring(0, plural.length() - 1) : plural;
  }
}
