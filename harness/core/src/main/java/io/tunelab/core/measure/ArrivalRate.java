package io.tunelab.core.measure;

import io.tunelab.core.BadInputException;
import java.time.Duration;

/**
 * An open-model arrival rate (like OMB's producerRate or k6's constant-arrival-rate): arrivals
 * (orders, messages, requests) due at an even spacing whatever the system under test does, as the
 * plans' arrival schedule timer ({@code jmeter-plans/arrival-schedule.groovy}) computes them.
 * Arrival n (1-based) is due at {@code t0 + floor((n - 1) x 60,000 / perMinute)} epoch
 * milliseconds, where t0 is {@value #LEAD_MILLIS} ms after the run's first arrival reached the
 * schedule (its senders have started, compiled their scripts and connected by then). A sender that
 * is late sends at once; no arrival is skipped, and the JTL's {@value #INTENDED_AT} column records
 * each arrival's due time, so latency can be measured from it (coordinated omission).
 *
 * @param perMinute arrivals due per minute, 1..{@value #MAX_PER_MINUTE}; 0 = unpaced (the senders
 *     go as fast as they can, and there is no schedule)
 */
public record ArrivalRate(int perMinute) {
  /** The highest rate: 100,000 a second. */
  public static final int MAX_PER_MINUTE = 6_000_000;

  /** No schedule: the senders go as fast as they can. */
  public static final ArrivalRate UNPACED = new ArrivalRate(0);

  /**
   * From the run's first arrival reaching the schedule to the schedule's start t0, milliseconds:
   * the other senders get ready meanwhile. The snippet's {@code LEAD_MILLIS}.
   */
  public static final long LEAD_MILLIS = 2_000;

  /** The JTL sample variable with each arrival's intended send time, epoch milliseconds. */
  public static final String INTENDED_AT = "intendedAt";

  public ArrivalRate {
    check("arrival rate", perMinute);
  }

  /**
   * The rate of a plan's {@code arrivalsPerMinute} property.
   *
   * @param source what the value belongs to, for the message, e.g. {@code batch-order plan}
   * @throws BadInputException naming {@code source} when the value is out of range
   */
  public static ArrivalRate of(String source, int perMinute) {
    check(source, perMinute);
    return new ArrivalRate(perMinute);
  }

  private static void check(String source, int perMinute) {
    if (perMinute < 0 || perMinute > MAX_PER_MINUTE) {
      throw new BadInputException(
          source
              + ": arrivalsPerMinute must be 0 (unpaced) or 1.."
              + MAX_PER_MINUTE
              + " arrivals due per minute, was "
              + perMinute);
    }
  }

  /** Whether arrivals follow a schedule (rate mode). */
  public boolean paced() {
    return perMinute > 0;
  }

  /** Mean spacing of two arrivals, milliseconds; 0 when unpaced. */
  public double intervalMillis() {
    return paced() ? 60_000.0 / perMinute : 0;
  }

  /**
   * When arrival {@code n} (1-based) is due, milliseconds after t0: {@code floor((n - 1) x 60,000 /
   * perMinute)}, so the spacing is even to the millisecond and never drifts; 0 when unpaced.
   */
  public long offsetMillis(long n) {
    if (n < 1) {
      throw new IllegalArgumentException("arrivals are numbered from 1, was " + n);
    }
    return paced() ? Math.floorDiv(Math.multiplyExact(n - 1, 60_000L), perMinute) : 0;
  }

  /** Epoch milliseconds when arrival {@code n} is due in a schedule that starts at {@code t0}. */
  public long dueMillis(long t0Millis, long n) {
    return t0Millis + offsetMillis(n);
  }

  /** From the first to the last due time of {@code arrivals}, milliseconds; 0 when unpaced. */
  public long plannedSpanMillis(long arrivals) {
    return arrivals < 1 ? 0 : offsetMillis(arrivals);
  }

  /**
   * The least time a paced run of {@code arrivals} keeps its senders busy once the first is ready:
   * the {@value #LEAD_MILLIS} ms lead plus the planned span; zero when unpaced. Add it to a load
   * run's timeout (the load JVM's start-up and the senders' set-up come on top).
   */
  public Duration scheduleDuration(long arrivals) {
    return paced() ? Duration.ofMillis(LEAD_MILLIS + plannedSpanMillis(arrivals)) : Duration.ZERO;
  }

  @Override
  public String toString() {
    return paced() ? perMinute + "/min" : "unpaced";
  }
}
