package io.tunelab.core.measure;

import java.util.List;

/**
 * Requests not answered within the deadline, as the sort hub counts them: a parcel whose answer
 * comes later than {@code workload.deadlineMillis}, or never comes right, goes to the exception
 * area. A miss is a failed request or an answer whose JMeter elapsed time (request sent to last
 * byte) exceeds the deadline. run.json keeps it; the DEADLINE_MISSES finding reads it.
 *
 * @param deadlineMillis the deadline
 * @param requests requests in the measured run
 * @param late answered, but after the deadline
 * @param failed failed (an error, a wrong answer, a timeout), whatever their time
 * @param missPercent (late + failed) in % of requests; 100 when no request ran
 * @param maxMissPercent the step's limit, {@code workload.maxMissPercent}
 */
public record DeadlineMisses(
    int deadlineMillis,
    long requests,
    long late,
    long failed,
    double missPercent,
    double maxMissPercent) {

  /** Counts the misses among a run's samples. */
  public static DeadlineMisses of(
      List<JtlRecord> samples, int deadlineMillis, double maxMissPercent) {
    long late = 0;
    long failed = 0;
    for (JtlRecord sample : samples) {
      if (!sample.success()) {
        failed++;
      } else if (sample.elapsedMillis() > deadlineMillis) {
        late++;
      }
    }
    long requests = samples.size();
    double percent = requests == 0 ? 100 : 100.0 * (late + failed) / requests;
    return new DeadlineMisses(deadlineMillis, requests, late, failed, percent, maxMissPercent);
  }

  /** Late and failed requests. */
  public long misses() {
    return late + failed;
  }

  /** Whether the misses exceed the step's limit: a finding, not an invalid run. */
  public boolean overLimit() {
    return missPercent > maxMissPercent;
  }
}
