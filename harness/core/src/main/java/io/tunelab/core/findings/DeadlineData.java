package io.tunelab.core.findings;

/**
 * The runner's count of requests that missed their deadline (sort hub: answered later than {@code
 * workload.deadlineMillis}, or failed), for the findings. Only the runner knows it: it reads the
 * load generator's samples.
 *
 * @param deadlineMillis the deadline, milliseconds
 * @param requests requests in the measured run
 * @param late answered, but after the deadline
 * @param failed failed, whatever their time
 * @param missPercent (late + failed) in % of requests
 * @param maxMissPercent the step's limit ({@code workload.maxMissPercent}), %
 */
public record DeadlineData(
    int deadlineMillis,
    long requests,
    long late,
    long failed,
    double missPercent,
    double maxMissPercent) {

  public long misses() {
    return late + failed;
  }

  /** Whether the misses exceed the step's limit. */
  public boolean overLimit() {
    return missPercent > maxMissPercent;
  }
}
