package io.tunelab.run.observe;

/**
 * One series' newest reading: its name and label as {@code series.csv} writes them
 * (results/README.md lists them) and its value.
 */
public record SeriesValue(String series, String label, double value) {}
