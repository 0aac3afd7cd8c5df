package io.tunelab.run;

import io.tunelab.core.experiment.Plan;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.results.Metrics;
import io.tunelab.core.results.PlanMeasures;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.Warmup;
import io.tunelab.core.stats.BatchMeans;
import io.tunelab.core.stats.WindowBatches;
import io.tunelab.run.observe.RunnerFigures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * What a plan does in each part of a repetition; {@link MeasuredRepetition} runs the parts in order
 * and adds the verdicts every plan shares (a warm-up that found no steady state, a host that
 * disturbed the window). A new plan implements this and adds a line to {@link PlanRunner}.
 */
public interface PlanSteps {
  Plan plan();

  /** Prepares the data the repetition starts from. */
  void prepare(KnobSet knobs, Path dir);

  /** Whether the workload asks for a warm-up at all (its size knob above 0). */
  boolean warmsUp(KnobSet knobs);

  /**
   * Warms the middleware JVM up until it is steady (in no statistic), tells the tiers whether it
   * got there, and leaves the data as {@link #prepare} does.
   */
  Warmup warmUp(KnobSet knobs, Progress.Position at, String tag, Path dir)
      throws InterruptedException;

  /** Runs the measured load (marking the sampler's measured window) and judges it. */
  Measured measure(
      KnobSet knobs, Progress.Position at, String tag, Path dir, Sampler.Sampling sampling)
      throws InterruptedException;

  /** Told of each finished repetition: a plan that sizes its load from the last one listens. */
  default void finished(Repetition done) {}

  /**
   * What the step's tiers say of the plan's own settings, read once per step after a repetition,
   * beside what {@link ReadBack} reads for every plan; empty when the plan has nothing of its own.
   */
  default java.util.Map<String, Object> readBack() {
    return java.util.Map.of();
  }

  /**
   * A measured load, judged by its plan.
   *
   * @param verdict the plan's own verdict; the shared ones are added in front of it
   * @param latency every measured latency, milliseconds
   * @param stealPercent the host's steal during the measured window; null when unknown
   * @param completed orders or requests completed, for the observer's cost per unit
   * @param meanMillis their mean end-to-end latency
   * @param batchMeans the throughput's batch means over the window; null when it gave none
   * @param windowBatches the window's batches of equal counts; null when it had too few
   * @param figures what the plan measured for the findings beside the observer (a deadline's
   *     misses, the tier it killed on purpose, what it says of its load tier), each a record the
   *     rules find by its type in {@link io.tunelab.core.findings.RunData}
   */
  record Measured(
      boolean valid,
      String verdict,
      Metrics metrics,
      PlanMeasures measures,
      Histogram latency,
      Double stealPercent,
      long completed,
      double meanMillis,
      BatchMeans batchMeans,
      WindowBatches windowBatches,
      List<Object> figures) {
    public Measured {
      figures = List.copyOf(figures);
    }

    /** A measured load, without batch means or figures for the findings yet. */
    public Measured(
        boolean valid,
        String verdict,
        Metrics metrics,
        PlanMeasures measures,
        Histogram latency,
        Double stealPercent,
        long completed,
        double meanMillis) {
      this(
          valid,
          verdict,
          metrics,
          measures,
          latency,
          stealPercent,
          completed,
          meanMillis,
          null,
          null,
          List.of());
    }

    /** This load with its throughput's batch means. */
    public Measured withBatchMeans(BatchMeans value) {
      return new Measured(
          valid,
          verdict,
          metrics,
          measures,
          latency,
          stealPercent,
          completed,
          meanMillis,
          value,
          windowBatches,
          figures);
    }

    /** This load with its window's batches of equal counts. */
    public Measured withWindowBatches(WindowBatches value) {
      return new Measured(
          valid,
          verdict,
          metrics,
          measures,
          latency,
          stealPercent,
          completed,
          meanMillis,
          batchMeans,
          value,
          figures);
    }

    /** This load with one more figure for the findings, found by its type. */
    public Measured withFigure(Object figure) {
      List<Object> more = new ArrayList<>(figures);
      more.add(Objects.requireNonNull(figure, "figure"));
      return new Measured(
          valid,
          verdict,
          metrics,
          measures,
          latency,
          stealPercent,
          completed,
          meanMillis,
          batchMeans,
          windowBatches,
          more);
    }

    /** What the sampler is told when it finishes. */
    public RunnerFigures runnerFigures() {
      return new RunnerFigures(completed, meanMillis, figures);
    }
  }
}
