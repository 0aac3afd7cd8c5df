package io.tunelab.core.results;

import java.util.Map;
import java.util.OptionalDouble;

/**
 * What a concurrent-soap repetition measured beside its metrics.
 *
 * @param requests request counts, per-operation statistics and the achieved rate
 */
public record SoapMeasures(RequestMetrics requests) implements PlanMeasures {
  @Override
  public OptionalDouble attempts(Metrics metrics) {
    return requests == null ? OptionalDouble.empty() : OptionalDouble.of(requests.requests());
  }

  @Override
  public Map<String, Map<String, Long>> failures() {
    return ErrorKinds.counted(requests == null ? Map.of() : requests.failures());
  }
}
