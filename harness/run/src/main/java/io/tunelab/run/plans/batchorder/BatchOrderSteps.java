package io.tunelab.run.plans.batchorder;

import io.tunelab.core.experiment.Plan;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.results.OutputFiles;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RunLayout;
import io.tunelab.core.results.Warmup;
import io.tunelab.run.BatchSizer;
import io.tunelab.run.PlanSteps;
import io.tunelab.run.Progress;
import io.tunelab.run.RepetitionData;
import io.tunelab.run.RunTiers;
import io.tunelab.run.Sampler;
import io.tunelab.run.plans.batchorder.drain.OrdersCsv;
import io.tunelab.tiers.jmeter.LoadGenerator;
import java.nio.file.Path;
import java.util.Map;

/**
 * A batch-order repetition's parts: prepare the data (purge what a stalled repetition left on the
 * queues, migrate, index, seed, purge, analyze); warm up until the completion rate is steady
 * ({@link SteadyWarmup}) and prepare the data again, so the measured batch always starts from the
 * same tables; then send the measured batch in the {@code workload.mode} asked for, drain it and
 * account for every order ({@link BatchOrderOutcome}), each by its id in the repetition's {@code
 * orders.csv}. The tag is carried by the order ids.
 */
public final class BatchOrderSteps implements PlanSteps {
  private final RunTiers tiers;
  private final Progress progress;
  private final SteadyWarmup warmup;
  private final MeasuredDrain measured;
  private final BatchSizer sizer;

  /**
   * @param beside what runs beside each held batch's drain when the knobs ask for it ({@code
   *     workload.besideUsers})
   */
  public BatchOrderSteps(
      RunTiers tiers,
      LoadGenerator load,
      Progress progress,
      BatchSizer sizer,
      io.tunelab.run.BesideLoad beside) {
    this.tiers = tiers;
    this.sizer = sizer;
    this.progress = progress;
    this.measured = new MeasuredDrain(tiers, new OrderSender(tiers, load), progress, beside);
    this.warmup = new SteadyWarmup(tiers, measured, progress);
  }

  @Override
  public Plan plan() {
    return Plan.BATCH_ORDER;
  }

  @Override
  public void prepare(KnobSet knobs, Path dir) {
    RepetitionData.prepare(tiers, knobs);
  }

  @Override
  public boolean warmsUp(KnobSet knobs) {
    return BatchOrderWorkload.of(knobs).warmupOrders() > 0;
  }

  @Override
  public Warmup warmUp(KnobSet knobs, Progress.Position at, String tag, Path dir)
      throws InterruptedException {
    Warmup done =
        warmup.run(
            knobs,
            at,
            tag + "w",
            dir.resolve("warmup"),
            () -> prepare(knobs, dir),
            () -> sizer.warmup(knobs),
            // at full speed the warm-up's rate says nothing of the step's: do not size by it
            BatchOrderWorkload.of(knobs).warmupFullSpeed() ? rate -> {} : sizer::drained);
    tiers.middlewareWarmedUp(done.steadyState());
    progress.phase(at, "preparing data");
    prepare(knobs, dir);
    return done;
  }

  @Override
  public Measured measure(
      KnobSet knobs, Progress.Position at, String tag, Path dir, Sampler.Sampling sampling)
      throws InterruptedException {
    int orders = sizer.measured(at.stepNumber() + "/" + at.step(), knobs);
    MeasuredDrain.Drained drained =
        measured.run(knobs, at, orders, tag + "m", dir.resolve(RunLayout.LOAD), sampling);
    writeLedger(drained, dir.resolve(RunLayout.ORDERS));
    return BatchOrderOutcome.of(knobs, drained);
  }

  /** Every submitted order of the measured batch and where it ended, by id. */
  static void writeLedger(MeasuredDrain.Drained drained, Path file) {
    OrderSender.Sent sent = drained.sent();
    OutputFiles.replace(
        file,
        OrdersCsv.of(
            sent.sentAtMillis(),
            sent.plan().arrivalRate().paced() ? sent.dueMillis() : Map.of(),
            sent.lines(),
            drained.drain().accounting()));
  }

  @Override
  public void finished(Repetition done) {
    sizer.drained(done.metrics().throughputPerMinute());
  }
}
