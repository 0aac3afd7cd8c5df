package io.tunelab.core.measure;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * The statistics of a concurrent-SOAP run computed from its JTL: per operation (sample label) and
 * overall, by the one algorithm {@link LatencySummary} describes.
 *
 * @param byOperation per sample label, sorted by label
 * @param overall every sample
 * @param windowMillis from the earliest sample start to the latest sample end
 * @param histograms per label and under {@value #OVERALL}, copies of the recorded histograms; the
 *     overall one is time-stamped with the window (epoch milliseconds)
 */
public record SoapStats(
    Map<String, LatencySummary> byOperation,
    LatencySummary overall,
    long windowMillis,
    Map<String, Histogram> histograms) {
  /** The key of the whole run in {@link #histograms}. */
  public static final String OVERALL = "overall";

  public SoapStats {
    byOperation = Collections.unmodifiableMap(new LinkedHashMap<>(byOperation));
    histograms = Collections.unmodifiableMap(new LinkedHashMap<>(histograms));
  }

  /** Computes the statistics of {@code samples}. */
  public static SoapStats of(List<JtlRecord> samples) {
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (JtlRecord sample : samples) {
      first = Math.min(first, sample.timeStampMillis());
      last = Math.max(last, sample.endMillis());
    }
    long window = samples.isEmpty() ? 0 : last - first;
    Map<String, Tally> tallies = new TreeMap<>();
    Tally overall = new Tally();
    for (JtlRecord sample : samples) {
      tallies.computeIfAbsent(sample.label(), label -> new Tally()).add(sample);
      overall.add(sample);
    }
    Map<String, LatencySummary> byOperation = new LinkedHashMap<>();
    Map<String, Histogram> histograms = new LinkedHashMap<>();
    tallies.forEach(
        (label, tally) -> {
          byOperation.put(label, tally.summary(window));
          histograms.put(label, tally.histogram.copy());
        });
    Histogram all = overall.histogram.copy();
    if (!samples.isEmpty()) {
      // the run's window, for the repetition's latency log
      all.setStartTimeStamp(first);
      all.setEndTimeStamp(last);
    }
    histograms.put(OVERALL, all);
    return new SoapStats(byOperation, overall.summary(window), window, histograms);
  }

  /** A table of the statistics, one line per operation and one for the whole run. */
  public String table() {
    StringBuilder table = new StringBuilder();
    byOperation.forEach(
        (label, summary) -> table.append(label).append(": ").append(summary).append('\n'));
    return table.append(OVERALL).append(": ").append(overall).toString();
  }

  private static final class Tally {
    final TimedLatencies histogram = new TimedLatencies(LatencySummary.HIGHEST_MILLIS, 3);
    long errors;
    long sumMillis;
    long minMillis = Long.MAX_VALUE;
    long maxMillis;

    void add(JtlRecord sample) {
      long elapsed = Math.max(0, sample.elapsedMillis());
      histogram.record(sample.endMillis(), Math.min(elapsed, LatencySummary.HIGHEST_MILLIS));
      sumMillis += elapsed;
      minMillis = Math.min(minMillis, elapsed);
      maxMillis = Math.max(maxMillis, elapsed);
      if (!sample.success()) {
        errors++;
      }
    }

    LatencySummary summary(long windowMillis) {
      return LatencySummary.of(histogram, errors, sumMillis, minMillis, maxMillis, windowMillis);
    }
  }
}
