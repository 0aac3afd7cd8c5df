package io.tunelab.core.results;

/**
 * What a concurrent-soap repetition measured beside its metrics.
 *
 * @param requests request counts, per-operation statistics and the achieved rate
 */
public record SoapMeasures(RequestMetrics requests) implements PlanMeasures {}
