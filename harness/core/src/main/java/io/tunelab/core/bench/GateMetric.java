package io.tunelab.core.bench;

import io.tunelab.core.results.LatencyMillis;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.StepResult;
import io.tunelab.core.stats.Direction;
import io.tunelab.core.stats.Summary;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The metrics a threshold can name, with what an absolute threshold tests on a step and the value
 * of each repetition a relative threshold tests. Every plan has them all; the cost metrics need the
 * observer (they are absent when it did not run).
 */
public enum GateMetric {
  /** The step's median throughput, in the plan's unit (orders/min or requests/min). */
  THROUGHPUT(
      "throughput",
      Direction.HIGHER_IS_BETTER,
      "per minute",
      r -> some(r.metrics().throughputPerMinute())),
  P50("p50", Direction.LOWER_IS_BETTER, "ms", r -> some(r.metrics().latencyMillis().p50())),
  P90("p90", Direction.LOWER_IS_BETTER, "ms", r -> some(r.metrics().latencyMillis().p90())),
  P99("p99", Direction.LOWER_IS_BETTER, "ms", r -> some(r.metrics().latencyMillis().p99())),
  P999("p999", Direction.LOWER_IS_BETTER, "ms", r -> maybe(r.metrics().latencyMillis().p999())),
  MAX("max", Direction.LOWER_IS_BETTER, "ms", r -> some(r.metrics().latencyMillis().max())),
  /** Failed units over attempted ones, in percent (faulted or unsent orders; failed requests). */
  ERRORS("errors", Direction.LOWER_IS_BETTER, "%", GateMetric::errorPercent),
  /** CPU of the middleware, database and broker per completed unit, in ms. */
  CPU_PER_UNIT(
      "cpuPerUnit",
      Direction.LOWER_IS_BETTER,
      "ms",
      r ->
          r.workCost() == null ? OptionalDouble.empty() : some(r.workCost().sutCpuMillisPerUnit())),
  WAL_BYTES_PER_UNIT(
      "walBytesPerUnit",
      Direction.LOWER_IS_BETTER,
      "bytes",
      r -> r.workCost() == null ? OptionalDouble.empty() : maybe(r.workCost().walBytesPerUnit())),
  STATEMENTS_PER_UNIT(
      "statementsPerUnit",
      Direction.LOWER_IS_BETTER,
      "",
      r -> r.workCost() == null ? OptionalDouble.empty() : maybe(r.workCost().statementsPerUnit()));

  private final String key;
  private final Direction direction;
  private final String unit;
  private final Function<Repetition, OptionalDouble> value;

  GateMetric(
      String key, Direction direction, String unit, Function<Repetition, OptionalDouble> value) {
    this.key = key;
    this.direction = direction;
    this.unit = unit;
    this.value = value;
  }

  /** Its name in a threshold, e.g. {@code p99}. */
  public String key() {
    return key;
  }

  public Direction direction() {
    return direction;
  }

  /** The unit its values are in ({@code ms}, {@code %}, ...); empty for a count. */
  public String unit() {
    return unit;
  }

  /** The percentile (0..100) of a named percentile metric ({@code p99}: 99); 0 for the others. */
  public double percentile() {
    return switch (this) {
      case P50 -> 50;
      case P90 -> 90;
      case P99 -> 99;
      case P999 -> 99.9;
      default -> 0;
    };
  }

  /** Whether it is a latency percentile (or the maximum), read from the merged histogram. */
  public boolean latency() {
    return unit.equals("ms") && ordinal() <= MAX.ordinal();
  }

  /** The metric of a threshold's name. */
  public static Optional<GateMetric> of(String key) {
    return Arrays.stream(values()).filter(m -> m.key.equals(key)).findFirst();
  }

  /** Every name, for a message. */
  public static String names() {
    return Arrays.stream(values()).map(GateMetric::key).collect(Collectors.joining(", "));
  }

  /**
   * What an absolute threshold tests: throughput and the cost metrics, the median of the counted
   * repetitions; a latency percentile, the step's own (the repetitions' histograms merged, as
   * run.json's step metrics hold it); errors, the failed units of all counted repetitions over
   * their attempts. Empty when a counted repetition lacks the value.
   */
  public OptionalDouble stepValue(StepResult step) {
    List<Repetition> counted = StepResult.counted(step.repetitions());
    if (counted.isEmpty()) {
      return OptionalDouble.empty();
    }
    if (latency()) {
      LatencyMillis merged = step.metrics().latencyMillis();
      return this == P999 ? maybe(merged.p999()) : some(latencyOf(merged));
    }
    if (this == ERRORS) {
      double errors = 0;
      double attempts = 0;
      for (Repetition r : counted) {
        OptionalDouble a = attempts(r);
        if (a.isEmpty()) {
          return OptionalDouble.empty();
        }
        errors += r.metrics().errors();
        attempts += a.getAsDouble();
      }
      return attempts == 0 ? OptionalDouble.empty() : some(100.0 * errors / attempts);
    }
    return values(counted)
        .map(v -> some(Summary.of(toList(v)).median()))
        .orElse(OptionalDouble.empty());
  }

  /** Each repetition's value; empty when one lacks it. */
  public Optional<double[]> values(List<Repetition> repetitions) {
    double[] out = new double[repetitions.size()];
    for (int i = 0; i < out.length; i++) {
      OptionalDouble v = value.apply(repetitions.get(i));
      if (v.isEmpty()) {
        return Optional.empty();
      }
      out[i] = v.getAsDouble();
    }
    return out.length == 0 ? Optional.empty() : Optional.of(out);
  }

  private double latencyOf(LatencyMillis l) {
    return switch (this) {
      case P50 -> l.p50();
      case P90 -> l.p90();
      case P99 -> l.p99();
      default -> l.max();
    };
  }

  private static OptionalDouble errorPercent(Repetition r) {
    OptionalDouble attempts = attempts(r);
    return attempts.isEmpty() || attempts.getAsDouble() == 0
        ? OptionalDouble.empty()
        : some(100.0 * r.metrics().errors() / attempts.getAsDouble());
  }

  /** Units the repetition tried: orders submitted or failed to send; requests made. */
  private static OptionalDouble attempts(Repetition r) {
    return r.measures().attempts(r.metrics());
  }

  private static List<Double> toList(double[] values) {
    return Arrays.stream(values).boxed().toList();
  }

  private static OptionalDouble some(double v) {
    return OptionalDouble.of(v);
  }

  private static OptionalDouble maybe(Double v) {
    return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
  }
}
