package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import io.tunelab.core.cost.HarnessCost;
import io.tunelab.core.cost.MachineNoise;
import io.tunelab.core.cost.WorkCost;
import io.tunelab.core.findings.Finding;
import io.tunelab.core.measure.DeadlineMisses;
import io.tunelab.core.measure.JfrProfile;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
 * @param measures what only its plan measures: the accounting of every order and how the window was
 *     made (batch-order, with the requests of a load beside its drain), request counts per
 *     operation (concurrent-soap, sort-requests), a room's own (messaging's messages, {@link
 *     MeasuresSource}); in run.json its fields sit beside the others ({@code accounting}, {@code
 *     window}, {@code requests}, {@code messages}) as they always have
 * @param warmup the warm-up before it, not measured; null when there was none
 * @param wallMillis from the repetition's data preparation to the end of its drain
 * @param rawData the folder with its JTL and logs, relative to the run folder
 * @param findings what the observer concluded from the measured window (see {@code
 *     results/README.md}); null when the run was not observed
 * @param observer what the observer cost; null when the run was not observed
 * @param latencyHistogram every measured latency of the repetition (milliseconds) as an
 *     HdrHistogram, encoded by {@link LatencyHistograms} (the encoding of its {@code
 *     latency.hlog}), so a step's percentiles can be computed from run.json alone; null in run.json
 *     before schemaVersion 2
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
 * @param protocol its round, the state it started from and its window's batch means; null in
 *     run.json before they were kept
 * @param profile what the JDK Flight Recorder saw of the middleware in its measured window ({@code
 *     middleware.jvm.jfr}); null when it was not recorded
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({
  "number",
  "valid",
  "verdict",
  "metrics",
  "accounting",
  "warmup",
  "wallMillis",
  "rawData",
  "requests",
  "ownFields",
  "deadline",
  "beside",
  "findings",
  "observer",
  "latencyHistogram",
  "window",
  "middlewareJvm",
  "harnessCost",
  "workCost",
  "machineNoise",
  "disturbed",
  "steady",
  "protocol",
  "profile"
})
public record Repetition(
    int number,
    boolean valid,
    String verdict,
    Metrics metrics,
    @JsonIgnore PlanMeasures measures,
    Warmup warmup,
    long wallMillis,
    String rawData,
    List<Finding> findings,
    ObserverStats observer,
    String latencyHistogram,
    Integer middlewareJvm,
    HarnessCost harnessCost,
    WorkCost workCost,
    MachineNoise machineNoise,
    Boolean disturbed,
    Boolean steady,
    RepetitionProtocol protocol,
    JfrProfile profile) {

  public Repetition {
    Objects.requireNonNull(measures, "measures");
    findings = findings == null ? null : List.copyOf(findings);
  }

  /** A repetition as its plan measured it, before observation, histogram and window are added. */
  public static Repetition measured(
      int number,
      boolean valid,
      String verdict,
      Metrics metrics,
      PlanMeasures measures,
      Warmup warmup,
      long wallMillis,
      String rawData) {
    return new Repetition(
        number,
        valid,
        verdict,
        metrics,
        measures,
        warmup,
        wallMillis,
        rawData,
        null,
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

  /** Reads run.json, where the plan's measures sit beside the other fields. */
  @JsonCreator
  static Repetition fromJson(
      @JsonProperty("number") int number,
      @JsonProperty("valid") boolean valid,
      @JsonProperty("verdict") String verdict,
      @JsonProperty("metrics") Metrics metrics,
      @JsonProperty("accounting") OrderAccounting accounting,
      @JsonProperty("warmup") Warmup warmup,
      @JsonProperty("wallMillis") long wallMillis,
      @JsonProperty("rawData") String rawData,
      @JsonProperty("requests") RequestMetrics requests,
      @JsonProperty("deadline") DeadlineMisses deadline,
      @JsonProperty("beside") RequestMetrics beside,
      @JsonProperty("findings") List<Finding> findings,
      @JsonProperty("observer") ObserverStats observer,
      @JsonProperty("latencyHistogram") String latencyHistogram,
      @JsonProperty("window") MeasuredWindow window,
      @JsonProperty("middlewareJvm") Integer middlewareJvm,
      @JsonProperty("harnessCost") HarnessCost harnessCost,
      @JsonProperty("workCost") WorkCost workCost,
      @JsonProperty("machineNoise") MachineNoise machineNoise,
      @JsonProperty("disturbed") Boolean disturbed,
      @JsonProperty("steady") Boolean steady,
      @JsonProperty("protocol") RepetitionProtocol protocol,
      @JsonProperty("profile") JfrProfile profile,
      @JsonAnySetter Map<String, JsonNode> others) {
    PlanMeasures measures =
        MeasuresSources.read(others == null ? Map.of() : others)
            .orElseGet(
                () ->
                    requests != null || deadline != null
                        ? new RequestMeasures(requests, deadline)
                        : new BatchOrderMeasures(accounting, window, beside));
    Copy copy =
        new Copy(measured(number, valid, verdict, metrics, measures, warmup, wallMillis, rawData));
    copy.findings = findings;
    copy.observer = observer;
    copy.latencyHistogram = latencyHistogram;
    copy.middlewareJvm = middlewareJvm;
    copy.harnessCost = harnessCost;
    copy.workCost = workCost;
    copy.machineNoise = machineNoise;
    copy.disturbed = disturbed;
    copy.steady = steady;
    copy.protocol = protocol;
    copy.profile = profile;
    return copy.build();
  }

  @JsonProperty("accounting")
  private OrderAccounting jsonAccounting() {
    return measures.accounting();
  }

  @JsonProperty("window")
  private MeasuredWindow jsonWindow() {
    return measures.window();
  }

  @JsonProperty("requests")
  private RequestMetrics jsonRequests() {
    return measures.requests();
  }

  @JsonProperty("deadline")
  private DeadlineMisses jsonDeadline() {
    return measures.deadline();
  }

  @JsonProperty("beside")
  private RequestMetrics jsonBeside() {
    return measures.beside();
  }

  // named so that @JsonPropertyOrder places the room's fields where messaging's always sat
  @JsonAnyGetter
  @JsonProperty("ownFields")
  private Map<String, Object> ownFields() {
    return measures.ownFields();
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

  /** This repetition with its measures typed as {@code plan}'s (see {@link PlanMeasures#as}). */
  public Repetition measuredAs(io.tunelab.core.experiment.Plan plan) {
    if (measures == null) {
      return this;
    }
    PlanMeasures typed = PlanMeasures.as(plan, measures);
    return typed == measures ? this : withMeasures(typed);
  }

  /** This repetition with its plan's measures replaced (a batch-order window added, say). */
  public Repetition withMeasures(PlanMeasures replaced) {
    Copy copy = new Copy(this);
    copy.measures = replaced;
    return copy.build();
  }

  /** This repetition with another verdict (a disturbance named in front of the plan's). */
  public Repetition withVerdict(String value) {
    return new Repetition(
        number,
        valid,
        value,
        metrics,
        measures,
        warmup,
        wallMillis,
        rawData,
        findings,
        observer,
        latencyHistogram,
        middlewareJvm,
        harnessCost,
        workCost,
        machineNoise,
        disturbed,
        steady,
        protocol,
        profile);
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

  /** This repetition with how it was measured: round, start state, batch means. */
  public Repetition withProtocol(RepetitionProtocol value) {
    Copy copy = new Copy(this);
    copy.protocol = value;
    return copy.build();
  }

  /** This repetition with the middleware's recording of its window; null when none. */
  public Repetition withProfile(JfrProfile value) {
    Copy copy = new Copy(this);
    copy.profile = value;
    return copy.build();
  }

  /** Its protocol, never null: {@link RepetitionProtocol#NONE} when none was kept. */
  public RepetitionProtocol protocolOrNone() {
    return protocol == null ? RepetitionProtocol.NONE : protocol;
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
    Copy copy = new Copy(this);
    copy.middlewareJvm = jvm;
    return copy.build();
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
    PlanMeasures measures;
    List<Finding> findings;
    ObserverStats observer;
    String latencyHistogram;
    Integer middlewareJvm;
    HarnessCost harnessCost;
    WorkCost workCost;
    MachineNoise machineNoise;
    Boolean disturbed;
    Boolean steady;
    RepetitionProtocol protocol;
    JfrProfile profile;

    Copy(Repetition from) {
      this.from = from;
      metrics = from.metrics;
      measures = from.measures;
      findings = from.findings;
      observer = from.observer;
      latencyHistogram = from.latencyHistogram;
      middlewareJvm = from.middlewareJvm;
      harnessCost = from.harnessCost;
      workCost = from.workCost;
      machineNoise = from.machineNoise;
      disturbed = from.disturbed;
      steady = from.steady;
      protocol = from.protocol;
      profile = from.profile;
    }

    Repetition build() {
      return new Repetition(
          from.number,
          from.valid,
          from.verdict,
          metrics,
          measures,
          from.warmup,
          from.wallMillis,
          from.rawData,
          findings,
          observer,
          latencyHistogram,
          middlewareJvm,
          harnessCost,
          workCost,
          machineNoise,
          disturbed,
          steady,
          protocol,
          profile);
    }
  }
}
