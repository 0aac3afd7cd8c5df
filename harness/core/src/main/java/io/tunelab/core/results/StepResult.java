package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.tunelab.core.stats.Comparison;
import io.tunelab.core.stats.Summary;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * One step of a run: its knobs, what the tiers said back, every repetition and what they measured
 * together.
 *
 * @param name the step's name
 * @param changes what the step set on top of the experiment's common knobs
 * @param knobs the full resolved knob set, every knob
 * @param restarted the tiers restarted before the step (all on the first step)
 * @param readBack settings read back from the tiers themselves during the step (broker consumer
 *     counts, xref index presence, the middleware's effective settings, ...)
 * @param repetitions measured repetitions, in order
 * @param metrics median throughput and errors over the repetitions, with the throughput's CV and
 *     95% interval; latency percentiles of the merged histograms (see {@link StepMetrics})
 * @param index median throughput relative to the baseline step's, baseline = 100; null before it is
 *     known
 * @param valid whether every repetition is valid
 * @param noisy whether the throughput's CV is over 5%
 * @param vsBaseline the repetitions' throughput against the baseline step's: Welch's test,
 *     Fieller's interval of the ratio of means, Holm-adjusted over every non-baseline step of the
 *     run; null for the baseline itself, before the baseline ran, and in run.json before
 *     schemaVersion 2
 * @param counted how many repetitions the step's metrics, interval and comparisons are over: the
 *     valid ones the host did not disturb (an invalid or disturbed repetition, "no steady state"
 *     among the invalid, is kept in {@code repetitions} but counts for nothing), see {@link
 *     #counted(List)}; null in older runs
 * @param jvmSpread the counted repetitions' throughput split into its variance between middleware
 *     JVMs and within one; null when the repetitions do not say which JVM ran them
 * @param drift the trend test over the counted repetitions, in the order they ran: whether the
 *     throughput or a tier's cost per unit moved along them; null with fewer than 3 and in older
 *     run.json
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(value = "accounting", allowGetters = true)
@JsonPropertyOrder({
  "name",
  "changes",
  "knobs",
  "restarted",
  "readBack",
  "repetitions",
  "metrics",
  "index",
  "accounting",
  "valid",
  "noisy",
  "vsBaseline",
  "counted",
  "jvmSpread",
  "drift"
})
public record StepResult(
    String name,
    Map<String, String> changes,
    Map<String, String> knobs,
    List<String> restarted,
    Map<String, Object> readBack,
    List<Repetition> repetitions,
    Metrics metrics,
    Double index,
    boolean valid,
    boolean noisy,
    Comparison vsBaseline,
    Integer counted,
    JvmSpread jvmSpread,
    StepDrift drift) {

  /** A step from its repetitions: its metrics and summed accounting; no index nor comparison. */
  public static StepResult of(
      String name,
      Map<String, String> changes,
      Map<String, String> knobs,
      List<String> restarted,
      Map<String, Object> readBack,
      List<Repetition> repetitions) {
    Metrics metrics = null;
    boolean noisy = false;
    List<Repetition> counted = counted(repetitions);
    if (!counted.isEmpty()) {
      Summary throughput = summary(counted, Metrics::throughputPerMinute);
      noisy = throughput.noisy();
      metrics = StepMetrics.of(counted, throughput);
    }
    return new StepResult(
        name,
        changes,
        knobs,
        restarted,
        readBack,
        List.copyOf(repetitions),
        metrics,
        null,
        !repetitions.isEmpty() && repetitions.stream().allMatch(Repetition::valid),
        noisy,
        null,
        repetitions.isEmpty() ? null : counted.size(),
        JvmSpread.of(counted).orElse(null),
        StepDrift.of(counted).orElse(null));
  }

  /**
   * The repetitions a step's statistics are over: the valid ones, the host did not disturb, on a
   * middleware that had settled; failing any, the best of what is left, in that order of what
   * matters (valid, then undisturbed, then steady); failing all, every one (the step is then marked
   * invalid, or says it has no steady state, as a whole).
   */
  public static List<Repetition> counted(List<Repetition> repetitions) {
    List<Repetition> valid = repetitions.stream().filter(Repetition::valid).toList();
    List<Repetition> quiet = valid.stream().filter(Repetition::undisturbed).toList();
    List<Repetition> steady = quiet.stream().filter(Repetition::notUnsteady).toList();
    return !steady.isEmpty()
        ? steady
        : !quiet.isEmpty() ? quiet : !valid.isEmpty() ? valid : List.copyOf(repetitions);
  }

  /** Whether every counted repetition ran on a middleware that had settled (or was not judged). */
  public boolean steady() {
    return counted(repetitions).stream().allMatch(Repetition::notUnsteady);
  }

  /**
   * What the step's plan accounts for, summed over its repetitions, as run.json's step writes it
   * ({@code accounting}: the orders of every batch, {@link PlanMeasures#stepAccounting}); null for
   * a plan without one. Derived from the repetitions, so run.json's copy is not read back.
   */
  @JsonProperty("accounting")
  public Object accounting() {
    if (repetitions == null || repetitions.isEmpty()) {
      return null;
    }
    List<PlanMeasures> each = repetitions.stream().map(Repetition::measures).toList();
    return each.get(0).stepAccounting(each);
  }

  /** Where the units of every repetition ended, summed; null for a plan that tallies none. */
  @JsonIgnore
  public UnitTally tally() {
    if (repetitions == null) {
      return null;
    }
    return UnitTally.sum(
        repetitions.stream().map(r -> r.measures().tally()).filter(t -> t != null).toList());
  }

  /** The summary of one metric over the repetitions. */
  public static Summary summary(List<Repetition> repetitions, ToDoubleFunction<Metrics> metric) {
    return Summary.of(repetitions.stream().map(r -> metric.applyAsDouble(r.metrics())).toList());
  }

  /** This step with its repetitions' measures typed as {@code plan}'s. */
  StepResult measuredAs(io.tunelab.core.experiment.Plan plan) {
    if (repetitions == null) {
      return this;
    }
    List<Repetition> typed = repetitions.stream().map(r -> r.measuredAs(plan)).toList();
    boolean same = true;
    for (int i = 0; i < typed.size(); i++) {
      same &= typed.get(i) == repetitions.get(i);
    }
    if (same) {
      return this;
    }
    return new StepResult(
        name,
        changes,
        knobs,
        restarted,
        readBack,
        typed,
        metrics,
        index,
        valid,
        noisy,
        vsBaseline,
        counted,
        jvmSpread,
        drift);
  }

  /** This step with its index against the baseline's median throughput. */
  public StepResult withIndex(double baselineThroughput) {
    Double value =
        metrics == null || baselineThroughput <= 0
            ? null
            : Math.round(1000 * metrics.throughputPerMinute() / baselineThroughput) / 10.0;
    return new StepResult(
        name,
        changes,
        knobs,
        restarted,
        readBack,
        repetitions,
        metrics,
        value,
        valid,
        noisy,
        vsBaseline,
        counted,
        jvmSpread,
        drift);
  }

  /** This step with its comparison against the baseline step (null: none). */
  public StepResult withVsBaseline(Comparison comparison) {
    return new StepResult(
        name,
        changes,
        knobs,
        restarted,
        readBack,
        repetitions,
        metrics,
        index,
        valid,
        noisy,
        comparison,
        counted,
        jvmSpread,
        drift);
  }
}
