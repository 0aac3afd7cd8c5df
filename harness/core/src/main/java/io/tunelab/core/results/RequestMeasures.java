package io.tunelab.core.results;

import io.tunelab.core.measure.DeadlineMisses;
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
}
