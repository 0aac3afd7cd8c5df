package io.tunelab.run.observe;

import io.tunelab.core.findings.RunData;
import java.util.List;

/**
 * What only the runner and the plans measure, handed to the observer when it stops so that the
 * findings see it in their one pass: the completed units and their mean end-to-end latency (for the
 * back-end latency rule), and whatever else a plan measured for the findings (a deadline's misses,
 * the tier it killed on purpose, what it says of its load tier), each put in {@link RunData} under
 * its own type for the rules that read it.
 *
 * @param completed orders completed, or requests answered, in the measured window
 * @param endToEndMeanMillis their mean end-to-end latency, milliseconds
 * @param figures the plan's figures for the findings, each a record of its own type
 */
public record RunnerFigures(long completed, double endToEndMeanMillis, List<Object> figures) {
  public RunnerFigures {
    figures = List.copyOf(figures);
  }

  /** Figures of a window with nothing measured beside the completed units. */
  public static RunnerFigures of(long completed, double endToEndMeanMillis) {
    return new RunnerFigures(completed, endToEndMeanMillis, List.of());
  }

  /** The observer's data with these figures. */
  RunData applyTo(RunData data) {
    RunData with = data.with(data.backend().withEndToEnd(completed, endToEndMeanMillis));
    for (Object figure : figures) {
      with = with.with(figure);
    }
    return with;
  }
}
