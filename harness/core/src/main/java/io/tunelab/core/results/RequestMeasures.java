package io.tunelab.core.results;

import io.tunelab.core.measure.DeadlineMisses;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * What a repetition of a request plan (concurrent-soap, sort-requests: {@code Plan.Unit.REQUEST})
 * measured beside its metrics.
 *
 * @param requests request counts, statistics per operation or message type, the achieved rate
 * @param deadline the answers that missed the plan's deadline; null for a plan without one
 */
public record RequestMeasures(RequestMetrics requests, DeadlineMisses deadline)
    implements PlanMeasures {
  /** The measures of a plan without a deadline. */
  public RequestMeasures(RequestMetrics requests) {
    this(requests, null);
  }

  @Override
  public OptionalDouble attempts(Metrics metrics) {
    return requests == null ? OptionalDouble.empty() : OptionalDouble.of(requests.requests());
  }

  @Override
  public Map<String, Map<String, Long>> failures() {
    return ErrorKinds.counted(requests == null ? Map.of() : requests.failures());
  }

  /**
   * Requests answered and failed over the step; with a deadline also the requests that missed it
   * (late or failed) and their share.
   */
  @Override
  public String outcomes(List<PlanMeasures> step) {
    long answered = 0;
    long errors = 0;
    long requests = 0;
    long misses = 0;
    boolean deadlines = false;
    for (PlanMeasures measures : step) {
      RequestMetrics counted = measures.requests();
      DeadlineMisses missed = measures.deadline();
      if (missed != null) {
        deadlines = true;
        requests += missed.requests();
        misses += missed.misses();
      }
      if (counted != null) {
        answered += counted.requests() - counted.errors();
        errors += counted.errors();
      }
    }
    String text = answered + "/" + errors;
    return deadlines
        ? text
            + String.format(
                Locale.ROOT,
                ", %d missed (%.2f%%)",
                misses,
                requests == 0 ? 100.0 : 100.0 * misses / requests)
        : text;
  }
}
