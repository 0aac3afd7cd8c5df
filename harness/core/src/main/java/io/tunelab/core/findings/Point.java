package io.tunelab.core.findings;

/**
 * One sample of a time series.
 *
 * @param epochMillis when it was taken, epoch milliseconds
 * @param value the sampled value, in the unit its series names
 */
public record Point(long epochMillis, double value) {}
