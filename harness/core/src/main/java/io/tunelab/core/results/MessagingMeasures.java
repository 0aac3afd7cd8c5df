package io.tunelab.core.results;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * What a messaging repetition measured beside its metrics.
 *
 * @param messages every message accounted for, the per-direction rates and latencies
 */
public record MessagingMeasures(MessageMetrics messages) implements PlanMeasures {
  @Override
  public OptionalDouble attempts(Metrics metrics) {
    return messages == null ? OptionalDouble.empty() : OptionalDouble.of(messages.planned());
  }

  @Override
  public Map<String, Map<String, Long>> failures() {
    Map<String, Map<String, Long>> out = new TreeMap<>();
    if (messages != null) {
      messages.failureReasons().forEach((k, v) -> ErrorKinds.put(out, Operations.MESSAGE, k, v));
      ErrorKinds.put(out, Operations.MESSAGE, ErrorKinds.LOST, messages.lost());
    }
    return out;
  }

  /** Messages driven, failed and lost over the step. */
  @Override
  public String outcomes(List<PlanMeasures> step) {
    List<MessageMetrics> each =
        step.stream().map(PlanMeasures::messages).filter(Objects::nonNull).toList();
    if (each.isEmpty()) {
      return "-";
    }
    return each.stream().mapToLong(MessageMetrics::driven).sum()
        + "/"
        + each.stream().mapToLong(MessageMetrics::failed).sum()
        + "/"
        + each.stream().mapToLong(MessageMetrics::lost).sum();
  }

  @Override
  public String unitOperation() {
    return Operations.MESSAGE;
  }
}
