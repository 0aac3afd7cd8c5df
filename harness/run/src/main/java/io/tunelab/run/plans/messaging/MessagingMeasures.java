package io.tunelab.run.plans.messaging;

import io.tunelab.core.experiment.Plan;
import io.tunelab.core.results.ErrorKinds;
import io.tunelab.core.results.MeasuresSource;
import io.tunelab.core.results.Metrics;
import io.tunelab.core.results.Operations;
import io.tunelab.core.results.PlanMeasures;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * What a messaging repetition measured beside its metrics, in run.json its {@value #FIELD} field.
 *
 * @param messages every message accounted for, the per-direction rates and latencies; null when the
 *     load failed before a message was planned
 */
public record MessagingMeasures(MessageMetrics messages) implements PlanMeasures {
  /** The repetition's field in run.json. */
  static final String FIELD = "messages";

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
        step.stream()
            .map(m -> m instanceof MessagingMeasures own ? own.messages() : null)
            .filter(Objects::nonNull)
            .toList();
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

  @Override
  public Map<String, Object> ownFields() {
    return messages == null ? Map.of() : Map.of(FIELD, messages);
  }

  /** Reads a messaging repetition's {@value #FIELD} back from run.json. */
  public static final class Source implements MeasuresSource<MessageMetrics> {
    @Override
    public Plan plan() {
      return Plan.MESSAGING;
    }

    @Override
    public String field() {
      return FIELD;
    }

    @Override
    public Class<MessageMetrics> type() {
      return MessageMetrics.class;
    }

    @Override
    public PlanMeasures measures(MessageMetrics value) {
      return new MessagingMeasures(value);
    }
  }
}
