package io.tunelab.core.results;

import io.tunelab.core.measure.DeadlineMisses;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * What a sort-requests repetition measured beside its metrics.
 *
 * @param requests request counts, statistics per message type and the achieved arrival rate
 * @param deadline the answers that missed the deadline
 */
public record SortMeasures(RequestMetrics requests, DeadlineMisses deadline)
    implements PlanMeasures {
  @Override
  public OptionalDouble attempts(Metrics metrics) {
    return requests == null ? OptionalDouble.empty() : OptionalDouble.of(requests.requests());
  }

  @Override
  public Map<String, Map<String, Long>> failures() {
    return ErrorKinds.counted(requests == null ? Map.of() : requests.failures());
  }
}
