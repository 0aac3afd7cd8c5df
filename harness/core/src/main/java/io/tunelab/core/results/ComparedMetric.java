package io.tunelab.core.results;

import io.tunelab.core.stats.AlignedWindows;
import io.tunelab.core.stats.BatchMeans;
import io.tunelab.core.stats.Comparison;
import io.tunelab.core.stats.Direction;
import io.tunelab.core.stats.Estimate;
import io.tunelab.core.stats.WindowBatches;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The metrics two steps are compared on, each with its direction, tested over the repetitions'
 * values: one value per repetition (the repetition is the unit of replication), so a latency row
 * tests the repetitions' own percentiles, not the step's merged ones.
 */
public enum ComparedMetric {
  THROUGHPUT("throughputPerMinute", Direction.HIGHER_IS_BETTER, Metrics::throughputPerMinute),
  P50("latencyMillis.p50", Direction.LOWER_IS_BETTER, m -> m.latencyMillis().p50()),
  P99("latencyMillis.p99", Direction.LOWER_IS_BETTER, m -> m.latencyMillis().p99()),
  P999("latencyMillis.p999", Direction.LOWER_IS_BETTER, m -> m.latencyMillis().p999()),
  ERRORS("errors", Direction.LOWER_IS_BETTER, Metrics::errors);

  private final String key;
  private final Direction direction;
  private final Function<Metrics, Double> value;

  ComparedMetric(String key, Direction direction, Function<Metrics, Double> value) {
    this.key = key;
    this.direction = direction;
    this.value = value;
  }

  /** Its name in run.json's metrics, e.g. {@code latencyMillis.p99}. */
  public String key() {
    return key;
  }

  public Direction direction() {
    return direction;
  }

  /**
   * Each repetition's value; empty when there is no repetition or one lacks the value (p99.9 in a
   * run.json before schemaVersion 2).
   */
  public Optional<double[]> values(List<Repetition> repetitions) {
    double[] values = new double[repetitions.size()];
    for (int i = 0; i < values.length; i++) {
      Double v = value.apply(repetitions.get(i).metrics());
      if (v == null) {
        return Optional.empty();
      }
      values[i] = v;
    }
    return values.length == 0 ? Optional.empty() : Optional.of(values);
  }

  /**
   * B's repetitions against A's, steps of two runs (unpaired), a family of one; empty when either
   * side lacks the values.
   */
  public Optional<Comparison> compare(StepResult a, StepResult b) {
    return compare(a, b, false);
  }

  /**
   * B's repetitions against A's, a family of one; empty when either side lacks the values.
   *
   * @param sameRun whether both steps are of one run: then, when their repetitions ran in rounds
   *     and two rounds or more have a counted repetition of each, they are compared round by round
   *     ({@link Comparison#paired}); otherwise unpaired
   */
  public Optional<Comparison> compare(StepResult a, StepResult b, boolean sameRun) {
    List<Repetition> ca = StepResult.counted(a.repetitions());
    List<Repetition> cb = StepResult.counted(b.repetitions());
    if (values(ca).isEmpty() || values(cb).isEmpty()) {
      return Optional.empty();
    }
    Function<Repetition, Estimate> estimates =
        this == THROUGHPUT ? throughputs(ca, cb, r -> value.apply(r.metrics())) : this::estimate;
    return Optional.of(RoundPairs.compare(ca, cb, estimates, direction, sameRun));
  }

  /**
   * Each repetition's throughput with its precision, for the repetitions of two sides: with the
   * noise of its window read batch by batch across its side's repetitions ({@link AlignedWindows}:
   * the pattern the batches of a step's windows share is no noise) when every repetition of the
   * side has its window's batches and they give that very value; otherwise with its own window's
   * batch means ({@link #throughput}).
   *
   * @param value a repetition's throughput
   */
  public static Function<Repetition, Estimate> throughputs(
      List<Repetition> a, List<Repetition> b, ToDoubleFunction<Repetition> value) {
    Map<Repetition, Estimate> out = new IdentityHashMap<>();
    for (List<Repetition> side : List.of(a, b)) {
      Optional<AlignedWindows> aligned = aligned(side, value);
      for (Repetition r : side) {
        double v = value.applyAsDouble(r);
        if (aligned.isPresent()) {
          double relative = aligned.get().relativeVariance(r.protocolOrNone().windowBatches());
          // the residual's degrees of freedom are the side's, shared out over its repetitions
          int df = Math.max(1, aligned.get().df() / side.size());
          out.put(r, new Estimate(v, relative * v * v, df));
        } else {
          out.put(r, throughput(r, v));
        }
      }
    }
    return out::get;
  }

  private static Optional<AlignedWindows> aligned(
      List<Repetition> side, ToDoubleFunction<Repetition> value) {
    List<WindowBatches> windows = new ArrayList<>();
    for (Repetition r : side) {
      WindowBatches w = r.protocolOrNone().windowBatches();
      double v = value.applyAsDouble(r);
      if (w == null || Math.abs(w.perMinute() - v) > 1e-6 * Math.max(1, Math.abs(v))) {
        return Optional.empty();
      }
      windows.add(w);
    }
    return AlignedWindows.of(windows);
  }

  /**
   * A repetition's value, with its window's batch means as the within-repetition level for the
   * throughput (when they give that very value).
   */
  Estimate estimate(Repetition r) {
    double value = this.value.apply(r.metrics());
    return this == THROUGHPUT ? throughput(r, value) : Estimate.of(value);
  }

  /** A throughput with its window's batch means, when they give that very value. */
  public static Estimate throughput(Repetition r, double value) {
    BatchMeans batches = r.protocolOrNone().batchMeans();
    if (batches != null
        && Math.abs(batches.perMinute() - value) <= 1e-6 * Math.max(1, Math.abs(value))) {
      return Estimate.of(batches);
    }
    return Estimate.of(value);
  }
}
