package io.tunelab.core.experiment;

import java.util.Locale;

/**
 * How often, in what order and in which JVMs an experiment measures its steps.
 *
 * <p>A fixed count ({@code repeat: 3}) has {@code min == max}. An adaptive one ({@code repeat:
 * {min: 3, max: 10, halfWidthPercent: 3}}) measures a step at least {@code min} times and then
 * again until the 95% confidence interval of its mean throughput is narrower than {@code
 * halfWidthPercent} of the mean on each side, or it has {@code max} repetitions (Kalibera and
 * Jones: repeat where the variance is, and only as long as it pays).
 *
 * <p>Interleaved order measures every step once per round (A B C A B C) instead of each step's
 * repetitions together (A A A B B B), so slow drifts of the machine fall on every step alike; each
 * switch brings the tiers to the step's knobs, restarting what they need. With an adaptive count,
 * rounds go on while any step is short of its target, and a step that reached it sits the later
 * rounds out; every step gets at least {@code min} rounds.
 *
 * @param min repetitions per step at least, 1..1000
 * @param max repetitions per step at most, {@code min}..1000
 * @param halfWidthPercent adaptive target: relative half-width of the throughput's 95% interval, %;
 *     0 for a fixed count
 * @param jvm {@code SHARED}: a step's repetitions share the middleware JVM its knobs leave running;
 *     {@code FRESH}: every repetition gets a newly started middleware JVM with its own warm-up
 *     (JMH's forks), so between-JVM variance shows in the step's interval
 * @param order {@code SEQUENTIAL} or {@code INTERLEAVED}
 */
public record Repetitions(int min, int max, double halfWidthPercent, Jvm jvm, Order order) {
  /** Where a step's repetitions run. */
  public enum Jvm {
    SHARED,
    FRESH;

    public String yamlName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** In what order the steps' repetitions run. */
  public enum Order {
    SEQUENTIAL,
    INTERLEAVED;

    public String yamlName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public Repetitions {
    if (min < 1 || max < min) {
      throw new IllegalArgumentException(
          "repetitions need 1 <= min <= max, was " + min + ", " + max);
    }
    if (halfWidthPercent < 0) {
      throw new IllegalArgumentException("halfWidthPercent must be >= 0, was " + halfWidthPercent);
    }
  }

  /** A fixed count, sequential, in shared JVMs: what {@code repeat: n} alone means. */
  public static Repetitions fixed(int n) {
    return new Repetitions(n, n, 0, Jvm.SHARED, Order.SEQUENTIAL);
  }

  /** Whether the count depends on the interval reached. */
  public boolean adaptive() {
    return max > min && halfWidthPercent > 0;
  }

  /**
   * Whether a step with these repetitions so far needs another.
   *
   * @param done repetitions measured (valid or not)
   * @param relativeHalfWidth the half-width of the throughput's 95% interval over its mean, from
   *     its valid repetitions; NaN when there is no interval yet
   */
  public boolean wantsMore(int done, double relativeHalfWidth) {
    if (done < min) {
      return true;
    }
    if (done >= max || !adaptive()) {
      return false;
    }
    return Double.isNaN(relativeHalfWidth) || 100 * relativeHalfWidth > halfWidthPercent;
  }
}
