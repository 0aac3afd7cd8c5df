package io.tunelab.core.results;

import io.tunelab.core.measure.DeadlineMisses;

/**
 * What a sort-requests repetition measured beside its metrics.
 *
 * @param requests request counts, statistics per message type and the achieved arrival rate
 * @param deadline the answers that missed the deadline
 */
public record SortMeasures(RequestMetrics requests, DeadlineMisses deadline)
    implements PlanMeasures {}
