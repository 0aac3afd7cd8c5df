package io.tunelab.core.results;

/**
 * What a messaging repetition measured beside its metrics.
 *
 * @param messages every message accounted for, the per-direction rates and latencies
 */
public record MessagingMeasures(MessageMetrics messages) implements PlanMeasures {}
