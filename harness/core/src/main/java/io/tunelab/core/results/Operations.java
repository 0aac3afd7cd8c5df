package io.tunelab.core.results;

import io.tunelab.core.measure.LatencySummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * A repetition's or a step's figures per operation, the same for every plan: concurrent-soap's and
 * sort-requests' operations are their JTL's sample labels (the three queries; the message types);
 * batch-order measures one operation, {@value #ORDER} (end to end, from its send to its
 * completion), and messaging one, {@value #MESSAGE}. Thresholds on an operation ({@code p95 of
 * GetInvoiceList < 800 ms}) and the per-operation table of summary.md and the report read them
 * here.
 */
public final class Operations {
  /** The batch-order plan's operation: an order, end to end. */
  public static final String ORDER = "order";

  /** The messaging plan's operation: a message, end to end (two way: its round trip). */
  public static final String MESSAGE = "message";

  /**
   * What names the operations of a load beside the plan's own ({@code workload.besideUsers}):
   * {@code beside:GetBalanceSummary}.
   */
  public static final String BESIDE = "beside:";

  /** The percentiles an operation's statistics hold without its histogram. */
  private static final double[] STATS_PERCENTILES = {50, 90, 95, 99};

  private Operations() {}

  /**
   * One operation's figures.
   *
   * @param requests attempts: requests made, orders tried, messages planned
   * @param errors failed attempts
   * @param perMinute the operation's throughput
   * @param stats its statistics from the JTL (concurrent-soap, sort-requests); null otherwise
   * @param histogram every latency, milliseconds; null when the run did not keep it
   * @param maxMillis the slowest, exact; null when unknown
   */
  public record Of(
      String name,
      long requests,
      long errors,
      double perMinute,
      LatencySummary stats,
      Histogram histogram,
      Double maxMillis) {
    /** Errors in % of the attempts; empty without attempts. */
    public OptionalDouble errorPercent() {
      return requests == 0 ? OptionalDouble.empty() : OptionalDouble.of(100.0 * errors / requests);
    }

    /** The latency at percentile {@code q} (0..100), ms; empty when neither source has it. */
    public OptionalDouble percentile(double q) {
      if (histogram != null && histogram.getTotalCount() > 0) {
        return OptionalDouble.of(histogram.getValueAtPercentile(q));
      }
      if (stats != null) {
        for (double p : STATS_PERCENTILES) {
          if (p == q) {
            return OptionalDouble.of(statsPercentile(stats, q));
          }
        }
      }
      return OptionalDouble.empty();
    }

    /** The mean latency, ms. */
    public OptionalDouble mean() {
      if (stats != null) {
        return OptionalDouble.of(stats.meanMillis());
      }
      return histogram != null && histogram.getTotalCount() > 0
          ? OptionalDouble.of(histogram.getMean())
          : OptionalDouble.empty();
    }

    /** The slowest latency, ms. */
    public OptionalDouble max() {
      if (maxMillis != null) {
        return OptionalDouble.of(maxMillis);
      }
      return histogram != null && histogram.getTotalCount() > 0
          ? OptionalDouble.of(histogram.getMaxValue())
          : OptionalDouble.empty();
    }
  }

  /** The repetition's operations, by name. */
  public static Map<String, Of> of(Repetition r) {
    Map<String, Of> out = new LinkedHashMap<>();
    PlanMeasures measures = r.measures();
    RequestMetrics requests = measures.requests();
    if (requests != null) {
      putRequests(out, "", requests);
      return out;
    }
    Metrics m = r.metrics();
    String unit = measures.unitOperation();
    OptionalDouble attempts = m == null ? OptionalDouble.empty() : measures.attempts(m);
    if (unit != null && attempts.isPresent()) {
      Histogram histogram =
          r.latencyHistogram() == null ? null : LatencyHistograms.decode(r.latencyHistogram());
      Double max = m.latencyMillis() == null ? null : m.latencyMillis().max();
      out.put(
          unit,
          new Of(
              unit,
              Math.round(attempts.getAsDouble()),
              Math.round(m.errors()),
              m.throughputPerMinute(),
              null,
              histogram,
              max));
    }
    if (measures.beside() != null) {
      putRequests(out, BESIDE, measures.beside());
    }
    return out;
  }

  private static void putRequests(Map<String, Of> out, String prefix, RequestMetrics requests) {
    requests
        .byOperation()
        .forEach(
            (name, stats) -> {
              String encoded = requests.latencyHistograms().get(name);
              out.put(
                  prefix + name,
                  new Of(
                      prefix + name,
                      stats.requests(),
                      stats.errors(),
                      stats.requestsPerMinute(),
                      stats,
                      encoded == null ? null : LatencyHistograms.decode(encoded),
                      (double) stats.maxMillis()));
            });
  }

  /**
   * The step's operations over its counted repetitions: attempts and errors summed, the throughput
   * the median of the repetitions', the latencies of every sample (their histograms merged) or,
   * when a repetition kept none, the median of the repetitions' statistics.
   */
  public static Map<String, Of> ofStep(List<Repetition> counted) {
    Map<String, List<Of>> byName = new TreeMap<>();
    for (Repetition r : counted) {
      of(r).forEach((name, op) -> byName.computeIfAbsent(name, k -> new ArrayList<>()).add(op));
    }
    Map<String, Of> out = new LinkedHashMap<>();
    byName.forEach((name, ops) -> out.put(name, merge(name, ops)));
    return out;
  }

  private static Of merge(String name, List<Of> ops) {
    long requests = ops.stream().mapToLong(Of::requests).sum();
    long errors = ops.stream().mapToLong(Of::errors).sum();
    double perMinute = median(ops.stream().mapToDouble(Of::perMinute).sorted().toArray());
    Optional<Histogram> merged = Optional.empty();
    if (ops.stream().allMatch(o -> o.histogram() != null)) {
      Histogram all = new Histogram(ops.get(0).histogram().getNumberOfSignificantValueDigits());
      ops.forEach(o -> all.add(o.histogram()));
      merged = Optional.of(all);
    }
    LatencySummary stats = merged.isPresent() ? null : medianStats(ops);
    Double max =
        ops.stream().allMatch(o -> o.max().isPresent())
            ? ops.stream().mapToDouble(o -> o.max().getAsDouble()).max().orElse(0)
            : null;
    return new Of(name, requests, errors, perMinute, stats, merged.orElse(null), max);
  }

  /** Statistics whose figures are the medians of the repetitions'; null when one has none. */
  private static LatencySummary medianStats(List<Of> ops) {
    if (ops.stream().anyMatch(o -> o.stats() == null)) {
      return null;
    }
    List<LatencySummary> all = ops.stream().map(Of::stats).toList();
    return new LatencySummary(
        all.stream().mapToLong(LatencySummary::requests).sum(),
        all.stream().mapToLong(LatencySummary::errors).sum(),
        median(all.stream().mapToDouble(LatencySummary::requestsPerMinute).sorted().toArray()),
        all.stream().mapToLong(LatencySummary::minMillis).min().orElse(0),
        median(all.stream().mapToDouble(LatencySummary::meanMillis).sorted().toArray()),
        all.stream().mapToLong(LatencySummary::maxMillis).max().orElse(0),
        Math.round(median(all.stream().mapToDouble(LatencySummary::p50Millis).sorted().toArray())),
        Math.round(median(all.stream().mapToDouble(LatencySummary::p90Millis).sorted().toArray())),
        Math.round(median(all.stream().mapToDouble(LatencySummary::p95Millis).sorted().toArray())),
        Math.round(median(all.stream().mapToDouble(LatencySummary::p99Millis).sorted().toArray())));
  }

  private static double statsPercentile(LatencySummary s, double q) {
    return q == 50
        ? s.p50Millis()
        : q == 90 ? s.p90Millis() : q == 95 ? s.p95Millis() : s.p99Millis();
  }

  private static double median(double[] sorted) {
    if (sorted.length == 0) {
      return 0;
    }
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }
}
