package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tunelab.core.findings.Finding;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * One measured repetition of a step.
 *
 * @param number 1-based
 * @param valid every order accounted for exactly once, the drain finished and errors within {@code
 *     workload.maxErrorPercent}; concurrent-soap: every planned request in the JTL (closed model)
 *     and failed requests within {@code workload.maxErrorPercent}
 * @param verdict one line: the accounting, and why the repetition is invalid if it is
 * @param metrics what was measured (warm-up excluded)
 * @param accounting batch-order: where every order of the measured batch ended; null for
 *     concurrent-soap
 * @param warmup the warm-up before it, not measured; null when there was none
 * @param wallMillis from the repetition's data preparation to the end of its drain
 * @param rawData the folder with its JTL and logs, relative to the run folder
 * @param requests concurrent-soap: request counts, per-operation statistics, achieved rate; null
 *     for batch-order
 * @param findings what the observer concluded from the measured window (see {@code
 *     results/README.md}); null when the run was not observed
 * @param observer what the observer cost; null when the run was not observed
 * @param latencyHistogram every measured latency of the repetition (milliseconds) as an
 *     HdrHistogram, encoded by {@link LatencyHistograms} (the encoding of its {@code
 *     latency.hlog}), so a step's percentiles can be computed from run.json alone; null in run.json
 *     before schemaVersion 2
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Repetition(
    int number,
    boolean valid,
    String verdict,
    Metrics metrics,
    OrderAccounting accounting,
    Warmup warmup,
    long wallMillis,
    String rawData,
    RequestMetrics requests,
    List<Finding> findings,
    ObserverStats observer,
    String latencyHistogram) {

  public Repetition {
    findings = findings == null ? null : List.copyOf(findings);
  }

  /** A repetition without its histogram yet ({@link #withLatencyHistogram} adds it). */
  public Repetition(
      int number,
      boolean valid,
      String verdict,
      Metrics metrics,
      OrderAccounting accounting,
      Warmup warmup,
      long wallMillis,
      String rawData,
      RequestMetrics requests,
      List<Finding> findings,
      ObserverStats observer) {
    this(
        number,
        valid,
        verdict,
        metrics,
        accounting,
        warmup,
        wallMillis,
        rawData,
        requests,
        findings,
        observer,
        null);
  }

  /** A batch-order repetition that was not observed. */
  public Repetition(
      int number,
      boolean valid,
      String verdict,
      Metrics metrics,
      OrderAccounting accounting,
      Warmup warmup,
      long wallMillis,
      String rawData) {
    this(
        number, valid, verdict, metrics, accounting, warmup, wallMillis, rawData, null, null, null);
  }

  /** This repetition with what the observer concluded and what it cost. */
  public Repetition withObservation(List<Finding> found, ObserverStats stats) {
    return new Repetition(
        number,
        valid,
        verdict,
        metrics,
        accounting,
        warmup,
        wallMillis,
        rawData,
        requests,
        found,
        stats,
        latencyHistogram);
  }

  /**
   * This repetition with the histogram of its latencies (milliseconds, the one its percentiles were
   * computed from): kept encoded, and its p99.9 and sample count added to the metrics.
   */
  public Repetition withLatencyHistogram(Histogram histogram) {
    Metrics figures =
        metrics.withHistogramFigures(
            histogram.getValueAtPercentile(99.9), histogram.getTotalCount());
    return new Repetition(
        number,
        valid,
        verdict,
        figures,
        accounting,
        warmup,
        wallMillis,
        rawData,
        requests,
        findings,
        observer,
        LatencyHistograms.encode(histogram));
  }
}
