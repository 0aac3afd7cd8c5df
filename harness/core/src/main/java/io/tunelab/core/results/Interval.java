package io.tunelab.core.results;

/** A 95% confidence interval of a mean, in the metric's unit. */
public record Interval(double low, double high) {}
