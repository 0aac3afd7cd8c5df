package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tunelab.core.stats.BatchMeans;

/**
 * How a repetition was measured, beyond its numbers: in which round of the schedule, from what
 * state, and how precisely its own window gave its throughput.
 *
 * @param round the schedule's round it ran in (1-based); null in a sequential schedule
 * @param startState the state the stack started it from; null when not read
 * @param batchMeans its throughput's batch means; null when its window gave none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RepetitionProtocol(Integer round, StartCheck startState, BatchMeans batchMeans) {
  public static final RepetitionProtocol NONE = new RepetitionProtocol(null, null, null);

  public RepetitionProtocol withRound(Integer value) {
    return new RepetitionProtocol(value, startState, batchMeans);
  }

  public RepetitionProtocol withStartState(StartCheck value) {
    return new RepetitionProtocol(round, value, batchMeans);
  }

  public RepetitionProtocol withBatchMeans(BatchMeans value) {
    return new RepetitionProtocol(round, startState, value);
  }
}
