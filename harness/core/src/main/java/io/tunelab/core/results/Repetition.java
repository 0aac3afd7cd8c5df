package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tunelab.core.cost.HarnessCost;
import io.tunelab.core.cost.MachineNoise;
import io.tunelab.core.cost.WorkCost;
import io.tunelab.core.findings.Finding;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * One measured repetition of a step.
 *
 * @param number 1-based
 * @param valid every order accounted for exactly once, the drain finished, errors within {@code
 *     workload.maxErrorPercent} and the warm-up before it steady (batch-order); concurrent-soap:
 *     every planned request in the JTL (closed model) and failed requests within {@code
 *     workload.maxErrorPercent}
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
 * @param window batch-order: how the measured window was made (mode, hold, drain and steady spans,
 *     the whole drain's throughput); null for concurrent-soap and older runs
 * @param middlewareJvm which middleware JVM of the run measured it (1 for the first started, 2 for
 *     the next, ...): repetitions with the same number shared a JVM; null in older runs
 * @param harnessCost the CPU the load tier, the mocks and the controller used in the measured
 *     window, as a share of the machine; null when not observed
 * @param workCost what one completed unit (order or answered request) cost the system under test:
 *     CPU milliseconds per tier, WAL bytes, statements, commits; null when not observed
 * @param machineNoise CPU used outside the stack during the measured window and the load average
 *     around it; null when not observed
 * @param disturbed whether the host disturbed the measured window (hypervisor steal over {@code
 *     workload.maxStealPercent}): such a repetition is kept here, left out of the step's statistics
 *     and measured again; null when it could not be told
 * @param steady whether the middleware JVM it ran on had reached a steady state in its warm-up;
 *     false gives the verdict "NO STEADY STATE" and leaves it out of the step's statistics when the
 *     step has steady repetitions; null when no steady-state rule was applied
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
    String latencyHistogram,
    MeasuredWindow window,
    Integer middlewareJvm,
    HarnessCost harnessCost,
    WorkCost workCost,
    MachineNoise machineNoise,
    Boolean disturbed,
    Boolean steady) {

  public Repetition {
    findings = findings == null ? null : List.copyOf(findings);
  }

  /** A repetition as its plan measured it, before observation, histogram and window are added. */
  public Repetition(
      int number,
      boolean valid,
      String verdict,
      Metrics metrics,
      OrderAccounting accounting,
      Warmup warmup,
      long wallMillis,
      String rawData,
      RequestMetrics requests) {
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
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
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
    this(number, valid, verdict, metrics, accounting, warmup, wallMillis, rawData, null);
  }

  /** This repetition with what the observer concluded and what it cost. */
  public Repetition withObservation(List<Finding> found, ObserverStats stats) {
    Copy copy = new Copy(this);
    copy.findings = found;
    copy.observer = stats;
    return copy.build();
  }

  /** This repetition with the measured window's costs (any of them null when unknown). */
  public Repetition withCosts(HarnessCost harness, WorkCost work, MachineNoise noise) {
    Copy copy = new Copy(this);
    copy.harnessCost = harness;
    copy.workCost = work;
    copy.machineNoise = noise;
    return copy.build();
  }

  /** This repetition with how its window was made and which middleware JVM measured it. */
  public Repetition withWindow(MeasuredWindow made, Integer jvm) {
    Copy copy = new Copy(this);
    copy.window = made;
    copy.middlewareJvm = jvm;
    return copy.build();
  }

  /** This repetition, judged disturbed by the host or not. */
  public Repetition withDisturbed(boolean value) {
    Copy copy = new Copy(this);
    copy.disturbed = value;
    return copy.build();
  }

  /** This repetition, measured on a middleware JVM whose warm-up found a steady state or not. */
  public Repetition withSteady(Boolean value) {
    Copy copy = new Copy(this);
    copy.steady = value;
    return copy.build();
  }

  /** Whether no steady-state rule said its JVM had not settled. */
  public boolean notUnsteady() {
    return !Boolean.FALSE.equals(steady);
  }

  /** Whether it counts in its step's statistics and repetition count: not disturbed. */
  public boolean undisturbed() {
    return !Boolean.TRUE.equals(disturbed);
  }

  /** This repetition with which middleware JVM measured it. */
  public Repetition withMiddlewareJvm(Integer jvm) {
    return withWindow(window, jvm);
  }

  /**
   * This repetition with the histogram of its latencies (milliseconds, the one its percentiles were
   * computed from): kept encoded, and its p99.9 and sample count added to the metrics.
   */
  public Repetition withLatencyHistogram(Histogram histogram) {
    Copy copy = new Copy(this);
    copy.metrics =
        metrics.withHistogramFigures(
            histogram.getValueAtPercentile(99.9), histogram.getTotalCount());
    copy.latencyHistogram = LatencyHistograms.encode(histogram);
    return copy.build();
  }

  /** A record has no withers: the later additions are copied through this, by name. */
  private static final class Copy {
    private final Repetition from;
    Metrics metrics;
    List<Finding> findings;
    ObserverStats observer;
    String latencyHistogram;
    MeasuredWindow window;
    Integer middlewareJvm;
    HarnessCost harnessCost;
    WorkCost workCost;
    MachineNoise machineNoise;
    Boolean disturbed;
    Boolean steady;

    Copy(Repetition from) {
      this.from = from;
      metrics = from.metrics;
      findings = from.findings;
      observer = from.observer;
      latencyHistogram = from.latencyHistogram;
      window = from.window;
      middlewareJvm = from.middlewareJvm;
      harnessCost = from.harnessCost;
      workCost = from.workCost;
      machineNoise = from.machineNoise;
      disturbed = from.disturbed;
      steady = from.steady;
    }

    Repetition build() {
      return new Repetition(
          from.number,
          from.valid,
          from.verdict,
          metrics,
          from.accounting,
          from.warmup,
          from.wallMillis,
          from.rawData,
          from.requests,
          findings,
          observer,
          latencyHistogram,
          window,
          middlewareJvm,
          harnessCost,
          workCost,
          machineNoise,
          disturbed,
          steady);
    }
  }
}
