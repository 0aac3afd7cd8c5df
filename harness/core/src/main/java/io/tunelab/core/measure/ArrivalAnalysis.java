package io.tunelab.core.measure;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import org.HdrHistogram.Histogram;

/**
 * Compares a run's sends with its arrival schedule ({@link ArrivalRate}): the achieved rate against
 * the target, each send's lateness against its intended time, failed and missing sends. One JTL
 * sample per arrival: a plan with several samples per arrival passes those of its first sampler.
 */
public final class ArrivalAnalysis {
  /**
   * A send up to this much after its intended time is on time: the timer's sleep and the JVM's
   * scheduling on a busy machine cost a few milliseconds, which say nothing about whether the
   * senders keep up.
   */
  public static final Duration DEFAULT_LATE_TOLERANCE = Duration.ofMillis(100);

  private static final int SIGNIFICANT_DIGITS = 3;

  private ArrivalAnalysis() {}

  /**
   * Arrivals per minute achieved by an open model's run, (n - 1) x 60,000 / (last - first start)
   * over its n arrivals (one sample each); empty for fewer than two arrivals or a span of 0 ms.
   */
  public static java.util.OptionalDouble achievedPerMinute(List<JtlRecord> arrivals) {
    if (arrivals.size() < 2) {
      return java.util.OptionalDouble.empty();
    }
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (JtlRecord arrival : arrivals) {
      first = Math.min(first, arrival.timeStampMillis());
      last = Math.max(last, arrival.timeStampMillis());
    }
    return last == first
        ? java.util.OptionalDouble.empty()
        : java.util.OptionalDouble.of((arrivals.size() - 1) * 60_000.0 / (last - first));
  }

  /** As {@link #of(List, ArrivalRate, int, Duration)} with {@link #DEFAULT_LATE_TOLERANCE}. */
  public static ArrivalReport of(List<JtlRecord> sends, ArrivalRate rate, int planned) {
    return of(sends, rate, planned, DEFAULT_LATE_TOLERANCE);
  }

  /**
   * @param sends one sample per arrival, in any order
   * @param rate the schedule the run followed; {@link ArrivalRate#UNPACED} for none
   * @param planned arrivals the schedule holds, e.g. the batch's orders
   * @param lateTolerance a send later than this after its intended time counts as late
   * @throws IllegalArgumentException when a paced run's sample has no intended time, or an input is
   *     negative
   */
  public static ArrivalReport of(
      List<JtlRecord> sends, ArrivalRate rate, int planned, Duration lateTolerance) {
    if (planned < 0 || lateTolerance.isNegative()) {
      throw new IllegalArgumentException(
          "planned arrivals and the late tolerance must be >= 0, were "
              + planned
              + " and "
              + lateTolerance);
    }
    Tally tally = new Tally(rate, lateTolerance.toMillis());
    sends.forEach(tally::add);
    return tally.report(planned);
  }

  /** The sends seen so far: span, failures and lateness. */
  private static final class Tally {
    private final ArrivalRate rate;
    private final long toleranceMillis;
    private final Histogram lateness = new Histogram(SIGNIFICANT_DIGITS);
    private long maxLateness; // exact: the histogram's max is only within 0.1%
    private int sends;
    private int late;
    private int failed;
    private long first = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;

    Tally(ArrivalRate rate, long toleranceMillis) {
      this.rate = rate;
      this.toleranceMillis = toleranceMillis;
    }

    void add(JtlRecord send) {
      sends++;
      first = Math.min(first, send.timeStampMillis());
      last = Math.max(last, send.timeStampMillis());
      failed += send.success() ? 0 : 1;
      if (rate.paced()) {
        // A millisecond early happens when JMeter's sample clock re-syncs: on time, not negative.
        long lateMillis = Math.max(0, send.timeStampMillis() - intendedAt(send));
        lateness.recordValue(lateMillis);
        maxLateness = Math.max(maxLateness, lateMillis);
        late += lateMillis > toleranceMillis ? 1 : 0;
      }
    }

    ArrivalReport report(int planned) {
      long span = sends < 2 ? 0 : last - first;
      return new ArrivalReport(
          rate.perMinute(),
          span == 0 ? 0 : (sends - 1) * 60_000.0 / span,
          planned,
          sends,
          failed,
          toleranceMillis,
          late,
          lateness.getValueAtPercentile(50),
          lateness.getValueAtPercentile(99),
          maxLateness,
          rate.plannedSpanMillis(planned),
          span);
    }
  }

  private static long intendedAt(JtlRecord send) {
    OptionalLong intended = send.intendedAtMillis();
    if (intended.isEmpty()) {
      throw new IllegalArgumentException(
          send.label()
              + " has no "
              + ArrivalRate.INTENDED_AT
              + " although the run was paced: was the JTL written with that sample variable?");
    }
    return intended.getAsLong();
  }
}
