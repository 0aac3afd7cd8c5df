package io.tunelab.core.measure;

import java.util.Locale;

/**
 * How a run's sends kept its arrival schedule: the offered rate achieved against the target, sends
 * late against their intended time, and sends that never reached the system under test. Plain
 * numbers, for a result file; the load side (ArrivalAnalysis) computes them from a JTL.
 *
 * <p>A send's <b>lateness</b> is its actual start (the JTL's {@code timeStamp}) minus its intended
 * send time (the JTL's {@code intendedAt} column), 0 when it started on time or a millisecond
 * early. Sends are late when the senders (the plan's threads) are too few or too slow for the rate,
 * or the load JVM stalls; latency measured from the intended time includes it.
 *
 * @param targetPerMinute arrivals due per minute; 0 for an unpaced run (no schedule: every lateness
 *     field is then 0)
 * @param achievedPerMinute sends started per minute, {@code (attempted - 1) x 60,000 /
 *     actualSpanMillis}, failed sends included (each left the sender at its time); 0 with fewer
 *     than two sends or a zero span
 * @param planned arrivals the schedule holds (the batch's orders)
 * @param attempted sends started (samples in the JTL)
 * @param failed sends started that failed: the message never reached the broker
 * @param lateToleranceMillis a send later than this, in milliseconds, counts as {@code late}
 * @param late sends started more than {@code lateToleranceMillis} after their intended time
 * @param lateP50Millis median lateness of the attempted sends, milliseconds (HdrHistogram, 3
 *     significant digits)
 * @param lateP99Millis 99th percentile of the lateness, milliseconds
 * @param lateMaxMillis the largest lateness, milliseconds
 * @param plannedSpanMillis from the first to the last intended send of the planned arrivals, {@code
 *     floor((planned - 1) x 60,000 / targetPerMinute)} milliseconds; 0 when unpaced
 * @param actualSpanMillis from the first to the last actual send start, milliseconds
 */
public record ArrivalReport(
    int targetPerMinute,
    double achievedPerMinute,
    int planned,
    int attempted,
    int failed,
    long lateToleranceMillis,
    int late,
    long lateP50Millis,
    long lateP99Millis,
    long lateMaxMillis,
    long plannedSpanMillis,
    long actualSpanMillis) {

  /** Whether the run followed a schedule (rate mode). */
  public boolean paced() {
    return targetPerMinute > 0;
  }

  /**
   * Arrivals that never reached the system under test: failed sends plus those never started (the
   * run ended before their turn). k6 calls the latter dropped iterations; here every order of a
   * batch is sent, late if need be, so only a failure or an aborted run drops one.
   */
  public int dropped() {
    return failed + Math.max(0, planned - attempted);
  }

  /** Achieved over target rate (1 = on target); 0 when unpaced. */
  public double achievedShare() {
    return paced() ? achievedPerMinute / targetPerMinute : 0;
  }

  /** Whether every planned arrival was sent, none of them late beyond the tolerance. */
  public boolean keptSchedule() {
    return paced() && late == 0 && dropped() == 0;
  }

  @Override
  public String toString() {
    if (!paced()) {
      return String.format(
          Locale.ROOT,
          "unpaced: %d of %d sent (%d failed), %.1f/min over %d ms",
          attempted - failed,
          planned,
          failed,
          achievedPerMinute,
          actualSpanMillis);
    }
    return String.format(
        Locale.ROOT,
        "target %d/min, achieved %.1f/min (%.1f%%) over %d ms (planned %d ms); %d late over %d ms"
            + " (lateness ms p50 %d, p99 %d, max %d); %d dropped (%d failed) of %d",
        targetPerMinute,
        achievedPerMinute,
        100 * achievedShare(),
        actualSpanMillis,
        plannedSpanMillis,
        late,
        lateToleranceMillis,
        lateP50Millis,
        lateP99Millis,
        lateMaxMillis,
        dropped(),
        failed,
        planned);
  }
}
