package io.tunelab.core.results;

import io.tunelab.core.experiment.Plan;
import io.tunelab.core.measure.DeadlineMisses;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What a plan measures in a repetition beside the metrics every plan has, by what it counts ({@link
 * Plan.Unit}): an order plan (batch-order) accounts for every order of a batch and says how its
 * window was made, a request plan (concurrent-soap, sort-requests) counts requests per operation
 * and, with a deadline, the answers over it. A new plan that counts one of these reuses its record;
 * one that counts something else (messaging, every message in both directions) keeps its record in
 * its room and gives the core a {@link MeasuresSource} to read it back. The readers (operations,
 * errors, gates, summaries, the tuner) ask the record, not its type, and the record renders its own
 * outcomes.
 *
 * <p>The accessors a plan does not measure answer null: each is a field of the repetition in
 * run.json, written only by the plans that have it. A repetition read alone can only guess its plan
 * from the fields present; the run's {@code plan} settles it ({@link #as}).
 */
public interface PlanMeasures {
  /**
   * Units the repetition tried: orders submitted or failed to send, requests made, messages
   * planned; empty when they were not counted.
   *
   * @param metrics the repetition's metrics, whose errors count the sends that failed
   */
  OptionalDouble attempts(Metrics metrics);

  /**
   * The measures of {@code plan} holding what {@code read} holds. A repetition read from run.json
   * without its run is typed by the fields it has, and a repetition that lacks its plan's own field
   * reads as another plan's (a messaging repetition whose load failed before any message was
   * planned has no {@code messages}, and would count its errors as orders'): the run names its
   * plan.
   */
  static PlanMeasures as(Plan plan, PlanMeasures read) {
    Optional<MeasuresSource<?>> own = MeasuresSource.of(plan);
    if (own.isPresent()) {
      PlanMeasures none = own.get().measures(null);
      return none.getClass().isInstance(read) ? read : none;
    }
    return switch (plan.unit()) {
      case ORDER ->
          read instanceof BatchOrderMeasures
              ? read
              : new BatchOrderMeasures(read.accounting(), read.window(), read.beside());
      case REQUEST ->
          read instanceof RequestMeasures
              ? read
              : new RequestMeasures(read.requests(), read.deadline());
      // a room that measures messages keeps its measures; without it on the class path, the
      // fields its repetitions have are all there is
      case MESSAGE -> read;
    };
  }

  /** What failed, operation to error to count, without the errors that did not happen. */
  Map<String, Map<String, Long>> failures();

  /**
   * The step's outcomes as summary.md's outcomes column ({@link Plan.Words#outcomes}) counts them,
   * summed over the measures of each of the step's repetitions, this one among them; {@code -} when
   * none counted any.
   */
  String outcomes(List<PlanMeasures> step);

  /**
   * What run.json's step writes as its {@code accounting}: the plan's accounting summed over the
   * measures of each of the step's repetitions, this one among them; null for a plan without one.
   */
  default Object stepAccounting(List<PlanMeasures> step) {
    return null;
  }

  /** Where each unit the repetition tried ended; null for plans that do not tally units. */
  default UnitTally tally() {
    return null;
  }

  /**
   * The one operation of a plan that measures whole units ({@value Operations#ORDER}, {@value
   * Operations#MESSAGE}); null when its operations are its requests' labels.
   */
  default String unitOperation() {
    return null;
  }

  /** Where every order of the batch ended; null for plans without orders. */
  default OrderAccounting accounting() {
    return null;
  }

  /** How the batch's measured window was made; null for plans without batches. */
  default MeasuredWindow window() {
    return null;
  }

  /** Requests counted per operation; null for plans that count orders or messages. */
  default RequestMetrics requests() {
    return null;
  }

  /** The answers that missed the deadline; null for plans without one. */
  default DeadlineMisses deadline() {
    return null;
  }

  /**
   * The requests of a load that ran beside the plan's own (billing-care users while a batch of
   * orders drained, {@code workload.besideUsers}), inside the measured window; null when none ran.
   */
  default RequestMetrics beside() {
    return null;
  }

  /**
   * The fields a plan's room adds to its repetitions in run.json ({@link MeasuresSource}), by name;
   * empty for the measures the core knows.
   */
  default Map<String, Object> ownFields() {
    return Map.of();
  }
}
