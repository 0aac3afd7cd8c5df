package io.tunelab.run;

import io.tunelab.core.knobs.DataKnobs;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.WorkloadKnobs;
import io.tunelab.core.measure.DrainMetrics;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RunLayout;
import io.tunelab.core.results.Warmup;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.tiers.broker.BrokerManagement;
import io.tunelab.tiers.db.DataPreparation;
import io.tunelab.tiers.db.Database;
import io.tunelab.tiers.jmeter.JmeterRunner;
import java.nio.file.Path;

/**
 * One repetition of a batch-order step: prepare the data (migrate, index, seed, purge, analyze);
 * when the middleware JVM is new to this step's repetitions (or {@code workload.warmupBefore} asks
 * for it every time), warm it up until its completion rate is steady ({@link SteadyWarmup}) and
 * prepare the data again, so the measured batch always starts from the same tables; then send the
 * measured batch in the {@code workload.mode} asked for, drain it and account for every order. The
 * sampler tags everything before the measured window as warm-up; its findings join the record.
 */
final class BatchOrderRepetition implements PlanRepetition {
  private final RunTiers tiers;
  private final Sampler sampler;
  private final Progress progress;
  private final SteadyWarmup warmup;
  private final MeasuredDrain measured;
  private final BatchSizer sizer;

  BatchOrderRepetition(
      RunTiers tiers, JmeterRunner load, Sampler sampler, Progress progress, BatchSizer sizer) {
    this.tiers = tiers;
    this.sizer = sizer;
    this.sampler = sampler;
    this.progress = progress;
    this.measured = new MeasuredDrain(tiers, new OrderSender(tiers, load), progress);
    this.warmup = new SteadyWarmup(tiers, measured, progress);
  }

  /** The tag is carried by the order ids. */
  @Override
  public Repetition run(
      KnobSet knobs, Progress.Position at, String tag, Path dir, String relativeDir)
      throws InterruptedException {
    long started = System.nanoTime();
    progress.phase(at, "preparing data");
    prepare(knobs);
    Sampler.Window window = tiers.samplerWindow(at, dir);
    try (Sampler.Sampling sampling = sampler.start(window)) {
      Warmup warmedUp = warmupDue(knobs) ? warmUp(knobs, at, tag, dir) : null;
      int orders = sizer.measured(at.stepNumber() + "/" + at.step(), knobs);
      MeasuredDrain.Drained drained =
          measured.run(knobs, at, orders, tag + "m", dir.resolve(RunLayout.LOAD), sampling);
      DrainMetrics m = drained.drain().accounting().metrics();
      Repetition done =
          LatencyLog.attach(
                  BatchOrderOutcome.of(
                      knobs,
                      at,
                      drained,
                      warmedUp,
                      tiers.middlewareWarmup().orElse(null),
                      millisSince(started),
                      relativeDir),
                  m.latencyHistogram(),
                  dir)
              .withWindow(BatchOrderOutcome.window(drained), tiers.middlewareJvm());
      progress.line(BatchOrderOutcome.line(at, done));
      sizer.drained(done.metrics().throughputPerMinute());
      return sampling
          .finish(m.completedOrders(), m.meanMillis())
          .map(o -> o.applyTo(done))
          .orElse(done);
    }
  }

  /** Purges what a stalled repetition left waiting, then migrates, seeds, purges, analyzes. */
  private void prepare(KnobSet knobs) {
    Endpoints endpoints = tiers.endpoints();
    if (knobs.get(DataKnobs.PURGE)) {
      // What a stalled repetition left waiting would otherwise be counted in this one; first, so
      // that the middleware is not working on it while the tables are purged.
      try (BrokerManagement broker = BrokerManagement.of(endpoints)) {
        broker.purgeQueues();
      }
    }
    DataPreparation.prepare(Database.of(endpoints), knobs, true);
  }

  /**
   * A warm-up runs when the middleware JVM has not been warmed up since it started (a fresh,
   * revived or restarted one), or before every repetition when asked; a step that kept the JVM of
   * the step before it measures on a JVM already steady.
   */
  private boolean warmupDue(KnobSet knobs) {
    if (knobs.get(WorkloadKnobs.WARMUP_ORDERS) <= 0) {
      return false;
    }
    return tiers.middlewareWarmup().isEmpty()
        || knobs.get(WorkloadKnobs.WARMUP_BEFORE) == WorkloadKnobs.WarmupBefore.EVERY_REPETITION;
  }

  private Warmup warmUp(KnobSet knobs, Progress.Position at, String tag, Path dir)
      throws InterruptedException {
    Warmup done =
        warmup.run(
            knobs,
            at,
            tag + "w",
            dir.resolve("warmup"),
            () -> prepare(knobs),
            () -> sizer.warmup(knobs),
            sizer::drained);
    tiers.middlewareWarmedUp(done.steadyState());
    progress.phase(at, "preparing data");
    prepare(knobs);
    return done;
  }

  private static long millisSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000;
  }
}
