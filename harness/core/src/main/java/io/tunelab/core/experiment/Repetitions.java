package io.tunelab.core.experiment;

import java.util.Locale;

/**
 * How often, in what order and in which JVMs an experiment measures its steps.
 *
 * <p>A fixed count ({@code repeat: 3}) has {@code min == max}. An adaptive one ({@code repeat:
 * {min: 3, max: 30, mdePercent: 5, maxMinutes: 10}}) measures every step at least {@code min} times
 * and then goes on, a round at a time, until every comparison of the experiment could detect a
 * change of {@code mdePercent} (its minimum detectable effect at 80% power, 5% two-sided), or a
 * step has {@code max} repetitions, or the run has lasted {@code maxMinutes}: one stopping rule, on
 * the precision the answer needs, which never looks at the effect itself. Kalibera and Jones:
 * repeat where the variance is, and only as long as it pays.
 *
 * <p>The precision is judged from round {@value #EARLIEST_MDE_STOP} on (or {@code max}, when
 * smaller). A variance estimated from a few rounds is small by chance often enough that stopping on
 * it picks exactly the runs whose test is overconfident: simulated (AdaptiveStoppingTest,
 * docs/measurement.md), judging from round 3 called 10% of no-effect runs significant, from round 8
 * 6%, from round 10 5%.
 *
 * <p>Interleaved order (the default) measures every step once per round, in a new random order each
 * round (randomized multiple interleaved trials, Abedi and Brecht 2017), so slow drifts and the
 * host's episodes fall on every step alike, and each step is compared with the baseline round by
 * round (paired). Sequential order measures each step's repetitions together (A A A B B B).
 *
 * @param min repetitions per step at least, 1..1000
 * @param max repetitions per step at most, {@code min}..1000
 * @param mdePercent adaptive target: the largest minimum detectable effect any comparison may be
 *     left with, % of the baseline; 0 for a fixed count
 * @param maxMinutes adaptive: the run's wall-time cap, minutes, after which no new round starts; 0
 *     for none
 * @param jvm {@code SHARED}: a step's repetitions share the middleware JVM its knobs leave running;
 *     {@code FRESH}: every repetition gets a newly started middleware JVM with its own warm-up
 *     (JMH's forks), so between-JVM variance shows in the step's interval
 * @param order {@code INTERLEAVED} or {@code SEQUENTIAL}
 */
public record Repetitions(
    int min, int max, double mdePercent, int maxMinutes, Jvm jvm, Order order) {
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

  /** The first round at which an adaptive count may stop because the target MDE is reached. */
  public static final int EARLIEST_MDE_STOP = 10;

  public Repetitions {
    if (min < 1 || max < min) {
      throw new IllegalArgumentException(
          "repetitions need 1 <= min <= max, was " + min + ", " + max);
    }
    if (!(mdePercent >= 0)) {
      throw new IllegalArgumentException("mdePercent must be >= 0, was " + mdePercent);
    }
    if (maxMinutes < 0) {
      throw new IllegalArgumentException("maxMinutes must be >= 0, was " + maxMinutes);
    }
  }

  /** A fixed count, sequential, in shared JVMs. */
  public static Repetitions fixed(int n) {
    return new Repetitions(n, n, 0, 0, Jvm.SHARED, Order.SEQUENTIAL);
  }

  /** A fixed count in this order, in shared JVMs. */
  public static Repetitions fixed(int n, Order order) {
    return new Repetitions(n, n, 0, 0, Jvm.SHARED, order);
  }

  /** Whether the count depends on the precision reached. */
  public boolean adaptive() {
    return max > min && mdePercent > 0;
  }

  /** Whether the schedule measures in rounds, one repetition of each step per round. */
  public boolean rounds() {
    return order == Order.INTERLEAVED;
  }

  /**
   * Whether a step with these repetitions so far needs another.
   *
   * @param done repetitions measured that count
   * @param mde the minimum detectable effect its comparisons have now, a fraction (0.05 = 5%); NaN
   *     when there is none yet
   */
  public boolean wantsMore(int done, double mde) {
    if (done < min) {
      return true;
    }
    if (done >= max || !adaptive()) {
      return false;
    }
    if (done < Math.min(max, EARLIEST_MDE_STOP)) {
      return true;
    }
    return Double.isNaN(mde) || 100 * mde > mdePercent;
  }

  /** This protocol with another wall-time cap. */
  public Repetitions withMaxMinutes(int minutes) {
    return new Repetitions(min, max, mdePercent, minutes, jvm, order);
  }
}
