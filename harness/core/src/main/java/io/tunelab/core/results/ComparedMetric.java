package io.tunelab.core.results;

import io.tunelab.core.stats.Comparison;
import io.tunelab.core.stats.Direction;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

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

  /** B's repetitions against A's, a family of one; empty when either side lacks the values. */
  public Optional<Comparison> compare(StepResult a, StepResult b) {
    Optional<double[]> va = values(StepResult.counted(a.repetitions()));
    Optional<double[]> vb = values(StepResult.counted(b.repetitions()));
    if (va.isEmpty() || vb.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(Comparison.of(va.get(), vb.get(), direction));
  }
}
