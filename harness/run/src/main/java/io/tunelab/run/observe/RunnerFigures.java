package io.tunelab.run.observe;

import io.tunelab.core.findings.RunData;
import io.tunelab.core.findings.TierCrash;
import io.tunelab.core.measure.DeadlineMisses;
import java.util.Objects;
import java.util.Optional;

/**
 * What only the runner measures, handed to the observer when it stops so that the findings see it
 * in their one pass: the completed units and their mean end-to-end latency (for the back-end
 * latency rule), and, for a plan with a deadline, its misses.
 *
 * @param completed orders completed, or requests answered, in the measured window
 * @param endToEndMeanMillis their mean end-to-end latency, milliseconds
 * @param deadline the deadline misses of a plan that has a deadline (sort-requests); empty else
 * @param crash the tier the runner killed in the window ({@code workload.crash}); empty else
 */
public record RunnerFigures(
    long completed,
    double endToEndMeanMillis,
    Optional<DeadlineMisses> deadline,
    Optional<TierCrash> crash) {
  public RunnerFigures {
    Objects.requireNonNull(deadline, "deadline");
    Objects.requireNonNull(crash, "crash");
  }

  /** Figures of a window in which no tier was killed. */
  public RunnerFigures(
      long completed, double endToEndMeanMillis, Optional<DeadlineMisses> deadline) {
    this(completed, endToEndMeanMillis, deadline, Optional.empty());
  }

  /** Figures of a plan without a deadline. */
  public static RunnerFigures of(long completed, double endToEndMeanMillis) {
    return new RunnerFigures(completed, endToEndMeanMillis, Optional.empty());
  }

  /** The observer's data with these figures. */
  RunData applyTo(RunData data) {
    RunData withLatency = data.with(data.backend().withEndToEnd(completed, endToEndMeanMillis));
    RunData withDeadline = deadline.map(withLatency::with).orElse(withLatency);
    return crash.map(withDeadline::with).orElse(withDeadline);
  }
}
