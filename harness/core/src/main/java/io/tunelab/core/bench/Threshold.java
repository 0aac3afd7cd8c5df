package io.tunelab.core.bench;

import com.fasterxml.jackson.annotation.JsonValue;
import io.tunelab.core.BadInputException;
import io.tunelab.core.stats.Direction;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pass/fail bound on one metric of a step, written as users of k6 thresholds or Gatling
 * assertions write them: absolute ({@code p99 < 2000 ms}, {@code errors < 1%}, {@code throughput >=
 * 300}) or relative to a baseline ({@code throughput >= 95% of baseline}, {@code p99 <= 110% of
 * baseline}).
 *
 * <p>An absolute threshold tests the step's value as {@link GateMetric#stepValue} defines it (a
 * point estimate: the median of the repetitions, or the merged histogram's percentile). A relative
 * threshold tests the repetitions of both runs: it fails only when the ratio of their means is past
 * the limit and the difference is significant ({@link Gate}), so a change within noise never fails.
 *
 * @param limit in the metric's unit (latency in ms); for a relative threshold, the ratio to the
 *     baseline's mean (0.95 for 95%)
 * @param text as written, for messages
 */
public record Threshold(
    GateMetric metric, Op op, double limit, boolean relative, @JsonValue String text) {
  private static final Pattern FORM =
      Pattern.compile(
          "\\s*([A-Za-z0-9]+)\\s*(<=|>=|<|>)\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(.*?)\\s*",
          Pattern.DOTALL);
  private static final Pattern RELATIVE = Pattern.compile("%\\s+of\\s+baseline");

  /** A comparison operator. */
  public enum Op {
    LT("<"),
    LE("<="),
    GT(">"),
    GE(">=");

    private final String symbol;

    Op(String symbol) {
      this.symbol = symbol;
    }

    public String symbol() {
      return symbol;
    }

    /** Whether {@code value op limit} holds. */
    public boolean holds(double value, double limit) {
      return switch (this) {
        case LT -> value < limit;
        case LE -> value <= limit;
        case GT -> value > limit;
        case GE -> value >= limit;
      };
    }

    static Op of(String symbol) {
      for (Op op : values()) {
        if (op.symbol.equals(symbol)) {
          return op;
        }
      }
      throw new IllegalArgumentException(symbol);
    }
  }

  public Threshold {
    Objects.requireNonNull(metric, "metric");
    Objects.requireNonNull(op, "op");
    Objects.requireNonNull(text, "text");
  }

  /**
   * Reads a threshold.
   *
   * @param where where it was written, for the message (e.g. {@code benchmarks/nightly.yaml:
   *     quickstart, step baseline})
   * @throws BadInputException naming the threshold, what is wrong and the form it takes
   */
  public static Threshold parse(String text, String where) {
    Matcher m = FORM.matcher(text == null ? "" : text);
    if (!m.matches()) {
      throw bad(text, where, "it is not METRIC OP VALUE");
    }
    GateMetric metric =
        GateMetric.of(m.group(1))
            .orElseThrow(
                () ->
                    bad(
                        text,
                        where,
                        "there is no metric '"
                            + m.group(1)
                            + "' (metrics: "
                            + GateMetric.names()
                            + ")"));
    Op op = Op.of(m.group(2));
    double number = Double.parseDouble(m.group(3));
    String rest = m.group(4);
    if (RELATIVE.matcher(rest).matches()) {
      boolean improvesUp = metric.direction() == Direction.HIGHER_IS_BETTER;
      boolean bounds = improvesUp ? op == Op.GT || op == Op.GE : op == Op.LT || op == Op.LE;
      if (!bounds) {
        throw bad(
            text,
            where,
            metric.key()
                + " is better "
                + (improvesUp ? "higher" : "lower")
                + ": a relative threshold bounds how much worse it may get, so write "
                + metric.key()
                + (improvesUp ? " >= " : " <= ")
                + "N% of baseline");
      }
      if (number <= 0) {
        throw bad(text, where, "the percentage of the baseline must be above 0");
      }
      return new Threshold(metric, op, number / 100.0, true, text.strip());
    }
    return new Threshold(
        metric, op, absolute(metric, number, rest, text, where), false, text.strip());
  }

  private static double absolute(
      GateMetric metric, double number, String unit, String text, String where) {
    if (metric == GateMetric.ERRORS) {
      if (!unit.equals("%")) {
        throw bad(text, where, "errors are a percentage of the attempts: write errors < 1%");
      }
      return number;
    }
    if (metric.latency() || metric == GateMetric.CPU_PER_UNIT) {
      return switch (unit) {
        case "", "ms" -> number;
        case "s" -> number * 1000;
        default -> throw bad(text, where, metric.key() + " is in ms (or s), not '" + unit + "'");
      };
    }
    if (metric == GateMetric.THROUGHPUT) {
      if (unit.isEmpty() || unit.endsWith("/min")) {
        return number;
      }
      throw bad(
          text, where, "throughput is per minute (orders/min or requests/min), not '" + unit + "'");
    }
    if (unit.isEmpty() || unit.equals(metric.unit())) {
      return number;
    }
    throw bad(
        text,
        where,
        metric.key()
            + (metric.unit().isEmpty() ? " has no unit" : " is in " + metric.unit())
            + ", not '"
            + unit
            + "'");
  }

  private static BadInputException bad(String text, String where, String why) {
    return new BadInputException(
        String.format(
            Locale.ROOT,
            "%s: threshold '%s': %s. A threshold is METRIC OP VALUE, e.g. 'p99 < 2000 ms',"
                + " 'errors < 1%%', 'throughput >= 300', or relative 'throughput >= 95%% of"
                + " baseline'",
            where,
            text,
            why));
  }

  @Override
  public String toString() {
    return text;
  }
}
