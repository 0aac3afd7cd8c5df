package io.tunelab.core.studies;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;
import io.tunelab.core.stats.RatioInterval;
import java.util.List;

/**
 * What one run of a study experiment measured against its {@code study:} block: the content of
 * {@code results/studies/<experiment>.json}, committed, small and rounded so a re-recording diffs
 * line by line. Written by {@link StudyRecorder}, rendered by {@link StudiesPage}.
 *
 * @param experiment the experiment's name
 * @param file the experiment file, as the run was given it
 * @param study the study's name and the metric compared
 * @param runId the run summarised (its folder under results/ is not committed)
 * @param commit the checkout's commit the run measured ({@code -dirty}: with uncommitted changes)
 * @param date the day the run started (UTC), {@code yyyy-mm-dd}
 * @param startedAt ISO-8601 instant
 * @param finishedAt ISO-8601 instant
 * @param command how to measure it again
 * @param machine where it was measured
 * @param repetitions how the steps were repeated
 * @param knobs the knobs every step of the run had that differ from the registry's defaults (the
 *     file's and the command line's together), so the summary says what was measured even when the
 *     file changes later; each step's own changes are the experiment's; null in older summaries
 * @param steps every step of the run, in run order, with the metric's values
 * @param expectations the study block's expectations, each with what tunelab measured
 * @param discussion free text, written by a person: why the magnitude differs where the physics
 *     differ; kept when the summary is recorded again; empty when none was written
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StudySummary(
    String experiment,
    String file,
    StudyName study,
    String runId,
    String commit,
    String date,
    String startedAt,
    String finishedAt,
    String command,
    Machine machine,
    Protocol repetitions,
    java.util.Map<String, String> knobs,
    List<StepValues> steps,
    List<Measured> expectations,
    String discussion) {
  public StudySummary {
    knobs =
        knobs == null
            ? null
            : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(knobs));
    steps = List.copyOf(steps);
    expectations = List.copyOf(expectations);
    discussion = discussion == null ? "" : discussion;
  }

  /** This summary with another discussion. */
  public StudySummary withDiscussion(String text) {
    return new StudySummary(
        experiment,
        file,
        study,
        runId,
        commit,
        date,
        startedAt,
        finishedAt,
        command,
        machine,
        repetitions,
        knobs,
        steps,
        expectations,
        text);
  }

  /**
   * @param name as the glossary names the study
   * @param metric the {@code StudyMetric} key, e.g. {@code throughput}
   * @param unit the unit of every value, e.g. {@code orders/min}
   */
  public record StudyName(String name, String metric, String unit) {}

  /**
   * The machine, as run.json's environment has it.
   *
   * @param cores processors the controller saw
   * @param cpuModel the processor's model; null when not recorded
   * @param memoryMegabytes physical memory, MB
   * @param os name, version, architecture
   * @param jdk Java version and vendor
   * @param postgresql the server's version
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Machine(
      int cores, String cpuModel, long memoryMegabytes, String os, String jdk, String postgresql) {}

  /**
   * @param perStep the repetitions each step was to have (the least, when adaptive)
   * @param order {@code sequential} or {@code interleaved}; null in runs that do not say
   * @param jvm {@code shared} or {@code fresh}; null in runs that do not say
   * @param mdePercent the adaptive target; null for a fixed count
   * @param rounds rounds measured; null for a sequential schedule or older runs
   * @param stoppedBy why the schedule ended; null in older runs
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Protocol(
      int perStep, String order, String jvm, Double mdePercent, Integer rounds, String stoppedBy) {
    public Protocol(int perStep, String order, String jvm) {
      this(perStep, order, jvm, null, null, null);
    }
  }

  /**
   * One step's values of the metric, over its counted repetitions (valid, undisturbed, steady).
   *
   * @param name the step
   * @param repetitions repetitions run, counted or not
   * @param values the metric per counted repetition, in run order, 6 significant digits
   * @param median their median
   * @param cv their coefficient of variation (0.05 = 5%); null for one value
   * @param costs what the system under test spent per unit in those repetitions (medians); null
   *     when the run was not observed
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record StepValues(
      String name, int repetitions, List<Double> values, double median, Double cv, Costs costs) {
    @JsonCreator
    public StepValues {
      values = List.copyOf(values);
    }

    public StepValues(String name, int repetitions, List<Double> values, double median, Double cv) {
      this(name, repetitions, values, median, cv, null);
    }
  }

  /**
   * A step's work cost per completed unit (order or request), the median over its counted
   * repetitions of each repetition's {@code workCost}: where the time went, so a throughput change
   * within noise can still show its mechanism (WAL per order falling, CPU moving between tiers).
   * Each field is null when no counted repetition measured it.
   *
   * @param middlewareCpuMillis middleware CPU ms per unit (all cores, whole process tree)
   * @param dbCpuMillis PostgreSQL CPU ms per unit
   * @param brokerCpuMillis Artemis CPU ms per unit
   * @param walBytes WAL bytes per unit
   * @param statements top-level statements per unit
   * @param commits committed transactions per unit
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Costs(
      Double middlewareCpuMillis,
      Double dbCpuMillis,
      Double brokerCpuMillis,
      Double walBytes,
      Double statements,
      Double commits) {}

  /**
   * One expectation of the study block with tunelab's measurement of it.
   *
   * @param step the step measured
   * @param against {@code previous} or {@code baseline}, as the block says
   * @param comparedWith the step that is
   * @param effect the study's effect in words
   * @param expected {@code up}, {@code down} or {@code none}
   * @param nStep counted repetitions of the step
   * @param nAgainst counted repetitions of the step compared with
   * @param ratio mean of the step / mean of the one compared with; null when that mean is 0
   * @param ratioCi95 Fieller's 95% interval of the ratio; null with fewer than 2 values a side
   * @param p Welch's two-sided p; null as the interval
   * @param pAdjusted Holm-adjusted over the study block's expectations; null as p
   * @param measured which way the metric moved, at alpha 0.05 on the adjusted p
   * @param match whether that is the study's direction
   * @param design {@code paired} (compared round by round: the ratio is the geometric mean of the
   *     rounds' ratios, the interval and p from their log ratios) or {@code unpaired} (ratio of
   *     means, Fieller's interval, Welch's p); null in summaries recorded before
   * @param mde the smallest change (fraction of the value compared with) these repetitions could
   *     detect with 80% power at 5%, whatever the verdict; null when not tested
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Measured(
      String step,
      String against,
      String comparedWith,
      String effect,
      String expected,
      int nStep,
      int nAgainst,
      Double ratio,
      RatioInterval ratioCi95,
      Double p,
      Double pAdjusted,
      Movement measured,
      Match match,
      String design,
      Double mde) {}

  /** Which way tunelab saw the metric move. */
  public enum Movement {
    UP("up"),
    DOWN("down"),
    WITHIN_NOISE("within noise"),
    NOT_TESTED("not tested");

    private final String label;

    Movement(String label) {
      this.label = label;
    }

    @JsonValue
    public String label() {
      return label;
    }
  }

  /** Whether tunelab's direction is the study's. */
  public enum Match {
    YES("yes"),
    NO("no"),
    /** The study saw a change; tunelab's repetitions could not tell one from noise. */
    WITHIN_NOISE("within noise"),
    /** Fewer than two counted repetitions on a side: no test. */
    NOT_TESTED("not tested");

    private final String label;

    Match(String label) {
      this.label = label;
    }

    @JsonValue
    public String label() {
      return label;
    }
  }
}
