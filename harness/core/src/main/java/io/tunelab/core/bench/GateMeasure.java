package io.tunelab.core.bench;

import io.tunelab.core.results.LatencyHistograms;
import io.tunelab.core.results.Operations;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.StepResult;
import io.tunelab.core.stats.Direction;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;

/**
 * What a threshold measures: one of the {@link GateMetric}s, any latency percentile ({@code p95},
 * {@code p99.9}, {@code p(75)}) or the mean, of the whole step or of one of its operations ({@code
 * p95 of GetInvoiceList}: see {@link Operations}).
 *
 * <p>A percentile or the mean of the step is of every sample of its counted repetitions (their
 * latency histograms merged, as run.json's p99 is), and of each repetition's own histogram for a
 * relative threshold. An operation's figures are its own: attempts, errors, throughput and
 * latencies, the latter from its histograms (concurrent-soap and sort-requests keep one per
 * operation) or, in runs without them, its statistics (p50, p90, p95, p99, mean, max).
 *
 * @param metric the metric; null for {@link Kind#PERCENTILE} and {@link Kind#MEAN}
 * @param percentile the percentile (0..100) of {@link Kind#PERCENTILE}; null otherwise
 * @param operation the operation it is of; null for the whole step
 */
public record GateMeasure(Kind kind, GateMetric metric, Double percentile, String operation) {
  /** Which kind of figure. */
  public enum Kind {
    METRIC,
    PERCENTILE,
    MEAN
  }

  private static final Pattern PERCENTILE_NAME =
      Pattern.compile("p\\(?([0-9]{1,2}(?:\\.[0-9]+)?|100)\\)?");

  /** The metrics an operation has; the cost metrics are the system's, not an operation's. */
  private static final List<GateMetric> OPERATION_METRICS =
      List.of(GateMetric.THROUGHPUT, GateMetric.ERRORS, GateMetric.MAX);

  /**
   * The measure a threshold names, e.g. {@code p95}, {@code mean}, {@code throughput}; {@code
   * operation} for one operation's, or null.
   *
   * @return empty when the name is no metric
   * @throws IllegalArgumentException when the metric exists but has no value per operation, naming
   *     the ones that do
   */
  public static Optional<GateMeasure> parse(String name, String operation) {
    String lower = name.toLowerCase(Locale.ROOT);
    if (lower.equals("mean") || lower.equals("avg")) {
      return Optional.of(new GateMeasure(Kind.MEAN, null, null, operation));
    }
    Optional<GateMetric> metric = GateMetric.of(name);
    if (metric.isPresent() && metric.get().percentile() > 0) {
      return Optional.of(percentile(metric.get().percentile(), operation));
    }
    if (metric.isPresent()) {
      if (operation != null && !OPERATION_METRICS.contains(metric.get())) {
        throw new IllegalArgumentException(
            metric.get().key()
                + " is the system's, not an operation's: an operation has throughput, errors,"
                + " mean, max and any percentile");
      }
      return Optional.of(new GateMeasure(Kind.METRIC, metric.get(), null, operation));
    }
    Matcher m = PERCENTILE_NAME.matcher(lower);
    if (lower.equals("p999")) {
      return Optional.of(percentile(99.9, operation));
    }
    if (!m.matches()) {
      return Optional.empty();
    }
    return Optional.of(percentile(Double.parseDouble(m.group(1)), operation));
  }

  /**
   * A percentile: one of the named metrics (p50, p90, p99, p99.9) when of the whole step, so that
   * it reads run.json's own figure.
   */
  private static GateMeasure percentile(double q, String operation) {
    if (operation == null) {
      for (GateMetric named :
          List.of(GateMetric.P50, GateMetric.P90, GateMetric.P99, GateMetric.P999)) {
        if (named.percentile() == q) {
          return new GateMeasure(Kind.METRIC, named, null, null);
        }
      }
    }
    return new GateMeasure(Kind.PERCENTILE, null, q, operation);
  }

  /** Its name in a threshold, e.g. {@code p95}, {@code p99.9}, {@code throughput}. */
  public String key() {
    return switch (kind) {
      case METRIC -> metric.key();
      case MEAN -> "mean";
      case PERCENTILE -> "p" + number(percentile);
    };
  }

  /** Its name with its operation, e.g. {@code p95 of GetInvoiceList}. */
  public String label() {
    return operation == null ? key() : key() + " of " + operation;
  }

  public Direction direction() {
    return kind == Kind.METRIC ? metric.direction() : Direction.LOWER_IS_BETTER;
  }

  /** The unit its values are in ({@code ms}, {@code %}, ...); empty for a count. */
  public String unit() {
    return kind == Kind.METRIC ? metric.unit() : "ms";
  }

  /** Whether it is a latency: a percentile, the mean or the maximum, in ms. */
  public boolean latency() {
    return kind != Kind.METRIC || metric.latency();
  }

  /** What an absolute threshold tests on the step; empty when the step lacks it. */
  public OptionalDouble stepValue(StepResult step) {
    List<Repetition> counted = StepResult.counted(step.repetitions());
    if (counted.isEmpty()) {
      return OptionalDouble.empty();
    }
    if (operation != null) {
      Operations.Of op = Operations.ofStep(counted).get(operation);
      return op == null ? OptionalDouble.empty() : ofOperation(op);
    }
    return switch (kind) {
      case METRIC -> metric.stepValue(step);
      case PERCENTILE ->
          LatencyHistograms.merge(counted)
              .map(h -> OptionalDouble.of(h.getValueAtPercentile(percentile)))
              .orElse(OptionalDouble.empty());
      case MEAN ->
          LatencyHistograms.merge(counted)
              .map(h -> OptionalDouble.of(h.getMean()))
              .orElse(OptionalDouble.empty());
    };
  }

  /** Each repetition's value, as a relative threshold compares them; empty when one lacks it. */
  public Optional<double[]> values(List<Repetition> repetitions) {
    if (kind == Kind.METRIC && operation == null) {
      return metric.values(repetitions);
    }
    Function<Repetition, OptionalDouble> value =
        operation != null
            ? r -> {
              Operations.Of op = Operations.of(r).get(operation);
              return op == null ? OptionalDouble.empty() : ofOperation(op);
            }
            : r -> {
              if (r.latencyHistogram() == null) {
                return OptionalDouble.empty();
              }
              Histogram h = LatencyHistograms.decode(r.latencyHistogram());
              return OptionalDouble.of(
                  kind == Kind.MEAN ? h.getMean() : h.getValueAtPercentile(percentile));
            };
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

  /** The operations the step's counted repetitions have, for a message. */
  public static List<String> operationsOf(StepResult step) {
    Map<String, Operations.Of> ops = Operations.ofStep(StepResult.counted(step.repetitions()));
    return List.copyOf(ops.keySet());
  }

  private OptionalDouble ofOperation(Operations.Of op) {
    return switch (kind) {
      case MEAN -> op.mean();
      case PERCENTILE -> op.percentile(percentile);
      case METRIC ->
          switch (metric) {
            case THROUGHPUT -> OptionalDouble.of(op.perMinute());
            case ERRORS -> op.errorPercent();
            case MAX -> op.max();
            default -> OptionalDouble.empty();
          };
    };
  }

  /** {@code 95}, {@code 99.9}: no trailing zeros. */
  private static String number(double q) {
    return q == Math.rint(q) ? String.valueOf((long) q) : String.valueOf(q);
  }
}
