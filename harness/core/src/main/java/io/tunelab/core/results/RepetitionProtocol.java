package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tunelab.core.stats.BatchMeans;
import io.tunelab.core.stats.WindowBatches;

/**
 * How a repetition was measured, beyond its numbers: in which round of the schedule, from what
 * state, on how fast a host, and how precisely its own window gave its throughput.
 *
 * @param round the schedule's round it ran in (1-based); null in a sequential schedule
 * @param startState the state the stack started it from; null when not read
 * @param batchMeans its throughput's batch means; null when its window gave none
 * @param hostProbeMillis the host's speed just before it was measured: the fastest run of a fixed
 *     sort in the controller's JVM ({@link io.tunelab.core.measure.HostProbe}), ms; higher is a
 *     slower host; null when not read
 * @param windowBatches its window's batches of equal counts, their durations, for comparing the
 *     step's repetitions batch by batch ({@link io.tunelab.core.stats.AlignedWindows}); null when
 *     the window had too few completions, or in a run.json from before them
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RepetitionProtocol(
    Integer round,
    StartCheck startState,
    BatchMeans batchMeans,
    Double hostProbeMillis,
    WindowBatches windowBatches) {
  public static final RepetitionProtocol NONE =
      new RepetitionProtocol(null, null, null, null, null);

  public RepetitionProtocol withRound(Integer value) {
    return new RepetitionProtocol(value, startState, batchMeans, hostProbeMillis, windowBatches);
  }

  public RepetitionProtocol withStartState(StartCheck value) {
    return new RepetitionProtocol(round, value, batchMeans, hostProbeMillis, windowBatches);
  }

  public RepetitionProtocol withBatchMeans(BatchMeans value) {
    return new RepetitionProtocol(round, startState, value, hostProbeMillis, windowBatches);
  }

  public RepetitionProtocol withHostProbeMillis(Double value) {
    return new RepetitionProtocol(round, startState, batchMeans, value, windowBatches);
  }

  public RepetitionProtocol withWindowBatches(WindowBatches value) {
    return new RepetitionProtocol(round, startState, batchMeans, hostProbeMillis, value);
  }
}
