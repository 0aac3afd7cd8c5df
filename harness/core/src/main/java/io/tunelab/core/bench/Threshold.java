package io.tunelab.core.bench;

import com.fasterxml.jackson.annotation.JsonValue;
import io.tunelab.core.BadInputException;
import io.tunelab.core.stats.Direction;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pass/fail bound on one figure of a step, written as users of k6 thresholds, Gatling assertions
 * or Taurus pass/fail criteria write them: absolute ({@code p99 < 2000 ms}, {@code p95 < 800 ms},
 * {@code mean < 300 ms}, {@code errors < 1%}, {@code throughput >= 300}) or relative to a baseline
 * ({@code throughput >= 95% of baseline}, {@code p99 <= 110% of baseline}), of the whole step or of
 * one operation ({@code p95 of GetInvoiceList < 800 ms}, {@code errors of publish < 1%}: see {@link
 * GateMeasure}).
 *
 * <p>An absolute threshold tests the step's value as {@link GateMeasure#stepValue} defines it (a
 * point estimate: the median of the repetitions, or the merged histograms' percentile). A relative
 * threshold tests the repetitions of both runs: it fails only when the ratio of their means is past
 * the limit and the difference is significant ({@link Gate}), so a change within noise never fails.
 *
 * @param limit in the measure's unit (latency in ms); for a relative threshold, the ratio to the
 *     baseline's mean (0.95 for 95%)
 * @param text as written, for messages
 */
public record Threshold(
    GateMeasure measure, Op op, double limit, boolean relative, @JsonValue String text) {
  private static final Pattern FORM =
      Pattern.compile(
          "\\s*([A-Za-z0-9().]+)(?:\\s+of\\s+(\"[^\"]*\"|[^\\s<>=\"]+))?\\s*(<=|>=|<|>)\\s*"
              + "([0-9]+(?:\\.[0-9]+)?)\\s*(.*?)\\s*",
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
    Objects.requireNonNull(measure, "measure");
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
      throw bad(text, where, "it is not METRIC [of OPERATION] OP VALUE");
    }
    String operation = m.group(2) == null ? null : m.group(2).replace("\"", "");
    GateMeasure measure;
    try {
      measure =
          GateMeasure.parse(m.group(1), operation)
              .orElseThrow(
                  () ->
                      bad(
                          text,
                          where,
                          "there is no metric '"
                              + m.group(1)
                              + "' (metrics: "
                              + GateMetric.names()
                              + ", any percentile such as p95 or p99.9, mean)"));
    } catch (IllegalArgumentException e) {
      throw bad(text, where, e.getMessage());
    }
    Op op = Op.of(m.group(3));
    double number = Double.parseDouble(m.group(4));
    String rest = m.group(5);
    if (RELATIVE.matcher(rest).matches()) {
      boolean improvesUp = measure.direction() == Direction.HIGHER_IS_BETTER;
      boolean bounds = improvesUp ? op == Op.GT || op == Op.GE : op == Op.LT || op == Op.LE;
      if (!bounds) {
        throw bad(
            text,
            where,
            measure.key()
                + " is better "
                + (improvesUp ? "higher" : "lower")
                + ": a relative threshold bounds how much worse it may get, so write "
                + measure.label()
                + (improvesUp ? " >= " : " <= ")
                + "N% of baseline");
      }
      if (number <= 0) {
        throw bad(text, where, "the percentage of the baseline must be above 0");
      }
      return new Threshold(measure, op, number / 100.0, true, text.strip());
    }
    return new Threshold(
        measure, op, absolute(measure, number, rest, text, where), false, text.strip());
  }

  /** The named metric it tests, null for a percentile or the mean not among the named ones. */
  public GateMetric metric() {
    return measure.metric();
  }

  private static double absolute(
      GateMeasure measure, double number, String unit, String text, String where) {
    String key = measure.key();
    if (measure.metric() == GateMetric.ERRORS) {
      if (!unit.equals("%")) {
        throw bad(text, where, "errors are a percentage of the attempts: write errors < 1%");
      }
      return number;
    }
    if (measure.latency() || measure.metric() == GateMetric.CPU_PER_UNIT) {
      return switch (unit) {
        case "", "ms" -> number;
        case "s" -> number * 1000;
        default -> throw bad(text, where, key + " is in ms (or s), not '" + unit + "'");
      };
    }
    if (measure.metric() == GateMetric.THROUGHPUT) {
      if (unit.isEmpty() || unit.endsWith("/min")) {
        return number;
      }
      throw bad(
          text, where, "throughput is per minute (orders/min or requests/min), not '" + unit + "'");
    }
    if (unit.isEmpty() || unit.equals(measure.unit())) {
      return number;
    }
    throw bad(
        text,
        where,
        key
            + (measure.unit().isEmpty() ? " has no unit" : " is in " + measure.unit())
            + ", not '"
            + unit
            + "'");
  }

  private static BadInputException bad(String text, String where, String why) {
    return new BadInputException(
        String.format(
            Locale.ROOT,
            "%s: threshold '%s': %s. A threshold is METRIC [of OPERATION] OP VALUE, e.g. 'p99 <"
                + " 2000 ms', 'p95 of GetInvoiceList < 800 ms', 'mean < 300 ms', 'errors < 1%%',"
                + " 'throughput >= 300', or relative 'throughput >= 95%% of baseline'",
            where,
            text,
            why));
  }

  @Override
  public String toString() {
    return text;
  }
}
