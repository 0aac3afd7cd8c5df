package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.tunelab.core.experiment.Repetitions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The content of {@code run.json}: the experiment, its status, the environment and every step.
 *
 * @param schemaVersion the meaning of the file's fields: 1 (absent in the file) before each
 *     repetition carried its latency histogram, when a step's latency percentiles were the medians
 *     of its repetitions'; {@value #SCHEMA_VERSION} since: a step's percentiles are those of its
 *     repetitions' merged histograms, with p99.9, and each step but the baseline has {@code
 *     vsBaseline}. Every field of version 1 is kept, in its place.
 * @param runId timestamp and experiment name, also the results folder's name
 * @param experiment the experiment's name
 * @param file the experiment file as given
 * @param plan the load plan, e.g. {@code batch-order}
 * @param throughputUnit unit of every {@code throughputPerMinute}, e.g. {@code orders/min}
 * @param status {@code running} while it runs, {@code incomplete} when stopped early (Ctrl-C, an
 *     error), {@code complete} when every step ran; a reader ({@link RunFiles#read}) says {@code
 *     interrupted} of a run still {@code running} whose controller is gone
 * @param valid complete, and every repetition valid
 * @param startedAt ISO-8601 instant
 * @param finishedAt ISO-8601 instant, null while running
 * @param repeat repetitions per step
 * @param baseline the step whose throughput scores 100
 * @param environment versions and machine
 * @param steps steps run so far, in order
 * @param repetitions how the steps were repeated: least and most repetitions, the adaptive target,
 *     shared or fresh middleware JVMs, sequential or interleaved order; null in older runs
 * @param schedule how the schedule went: rounds, their seed, why it stopped, the comparisons' worst
 *     minimum detectable effect; null in older runs
 * @param controller the process that writes the run (pid and start time), so that a reader can tell
 *     a run still going from one whose controller died; null in older runs
 */
@JsonPropertyOrder({"$schema"})
public record RunResult(
    Integer schemaVersion,
    String runId,
    String experiment,
    String file,
    String plan,
    String throughputUnit,
    RunStatus status,
    boolean valid,
    String startedAt,
    String finishedAt,
    int repeat,
    String baseline,
    Environment environment,
    List<StepResult> steps,
    Repetitions repetitions,
    ScheduleOutcome schedule,
    RunController controller) {
  public static final RunStatus RUNNING = RunStatus.RUNNING;
  public static final RunStatus INCOMPLETE = RunStatus.INCOMPLETE;
  public static final RunStatus COMPLETE = RunStatus.COMPLETE;
  public static final RunStatus INTERRUPTED = RunStatus.INTERRUPTED;

  /** The version this code writes. */
  public static final int SCHEMA_VERSION = 2;

  /**
   * The {@code $id} of run.json's published JSON Schema ({@code docs/run.schema.json}), written as
   * every run.json's {@code $schema} so tools (Horreum, editors) find the schema of the file.
   */
  public static final String SCHEMA_ID = "urn:tunelab:run:" + SCHEMA_VERSION;

  public RunResult {
    schemaVersion = schemaVersion == null ? 1 : schemaVersion;
    steps = measuredAs(plan, steps);
  }

  /**
   * The steps with their repetitions' measures typed by the run's plan (see {@link
   * PlanMeasures#as}); as they are when the plan is unknown.
   */
  private static List<StepResult> measuredAs(String plan, List<StepResult> steps) {
    Optional<io.tunelab.core.experiment.Plan> known =
        plan == null ? Optional.empty() : io.tunelab.core.experiment.Plan.of(plan);
    return known
        .map(p -> steps.stream().map(step -> step.measuredAs(p)).toList())
        .orElse(List.copyOf(steps));
  }

  /**
   * A run as this version writes it ({@value #SCHEMA_VERSION}), from this process: its controller
   * is {@link RunController#current()}.
   */
  public RunResult(
      String runId,
      String experiment,
      String file,
      String plan,
      String throughputUnit,
      RunStatus status,
      boolean valid,
      String startedAt,
      String finishedAt,
      int repeat,
      String baseline,
      Environment environment,
      List<StepResult> steps) {
    this(
        SCHEMA_VERSION,
        runId,
        experiment,
        file,
        plan,
        throughputUnit,
        status,
        valid,
        startedAt,
        finishedAt,
        repeat,
        baseline,
        environment,
        steps,
        null,
        null,
        RunController.current());
  }

  /** The schema the file follows: {@link #SCHEMA_ID}; written, never read back. */
  @JsonProperty(value = "$schema", access = JsonProperty.Access.READ_ONLY)
  public String jsonSchema() {
    return SCHEMA_ID;
  }

  /** This run with the way its steps are repeated. */
  public RunResult withRepetitions(Repetitions value) {
    return change(p -> p.repetitions = value);
  }

  /** This run with how its schedule went. */
  public RunResult withSchedule(ScheduleOutcome value) {
    return change(p -> p.schedule = value);
  }

  /** This run with one more step or its latest state replaced, indexes recomputed. */
  public RunResult withStep(StepResult step) {
    List<StepResult> next = new ArrayList<>(steps);
    int at = -1;
    for (int i = 0; i < next.size(); i++) {
      if (next.get(i).name().equals(step.name())) {
        at = i;
      }
    }
    if (at >= 0) {
      next.set(at, step);
    } else {
      next.add(step);
    }
    return withSteps(next, status, finishedAt);
  }

  /**
   * This run with its steps in the experiment's order (steps measured in rounds join the run in the
   * order of the first round, which is random).
   */
  public RunResult ordered(List<String> names) {
    List<StepResult> sorted = new ArrayList<>(steps);
    sorted.sort(
        java.util.Comparator.comparingInt(
            s -> names.indexOf(s.name()) < 0 ? Integer.MAX_VALUE : names.indexOf(s.name())));
    return withSteps(sorted, status, finishedAt);
  }

  /** This run ended: {@link #COMPLETE} or {@link #INCOMPLETE}. */
  public RunResult finished(RunStatus endStatus, String at) {
    return withSteps(steps, endStatus, at);
  }

  public RunResult withEnvironment(Environment value) {
    return change(p -> p.environment = value);
  }

  /**
   * This run as a reader should see it: {@link #INTERRUPTED} when it says {@link #RUNNING} but its
   * controller is gone (a run written before controllers were recorded cannot be told, and stays as
   * it says).
   */
  public RunResult asSeenNow() {
    if (status == RUNNING && controller != null && !controller.alive()) {
      return change(
          p -> {
            p.status = INTERRUPTED;
            p.valid = false;
          });
    }
    return this;
  }

  /** The step of that name. */
  public Optional<StepResult> step(String name) {
    return steps.stream().filter(s -> s.name().equals(name)).findFirst();
  }

  private RunResult withSteps(List<StepResult> list, RunStatus newStatus, String at) {
    double base =
        list.stream()
            .filter(s -> s.name().equals(baseline) && s.metrics() != null)
            .mapToDouble(s -> s.metrics().throughputPerMinute())
            .findFirst()
            .orElse(0);
    List<StepResult> indexed =
        BaselineComparisons.apply(list.stream().map(s -> s.withIndex(base)).toList(), baseline);
    boolean allValid = COMPLETE.equals(newStatus) && indexed.stream().allMatch(StepResult::valid);
    return change(
        p -> {
          p.status = newStatus;
          p.valid = allValid;
          p.finishedAt = at;
          p.steps = indexed;
        });
  }

  /** This run with some parts changed by {@code edit}: one copy of every part, not one a wither. */
  private RunResult change(Consumer<Parts> edit) {
    Parts p = new Parts(this);
    edit.accept(p);
    return p.build();
  }

  /** The parts of a RunResult, to change some. */
  private static final class Parts {
    private Integer schemaVersion;
    private String runId;
    private String experiment;
    private String file;
    private String plan;
    private String throughputUnit;
    private RunStatus status;
    private boolean valid;
    private String startedAt;
    private String finishedAt;
    private int repeat;
    private String baseline;
    private Environment environment;
    private List<StepResult> steps;
    private Repetitions repetitions;
    private ScheduleOutcome schedule;
    private RunController controller;

    private Parts(RunResult r) {
      schemaVersion = r.schemaVersion;
      runId = r.runId;
      experiment = r.experiment;
      file = r.file;
      plan = r.plan;
      throughputUnit = r.throughputUnit;
      status = r.status;
      valid = r.valid;
      startedAt = r.startedAt;
      finishedAt = r.finishedAt;
      repeat = r.repeat;
      baseline = r.baseline;
      environment = r.environment;
      steps = r.steps;
      repetitions = r.repetitions;
      schedule = r.schedule;
      controller = r.controller;
    }

    private RunResult build() {
      return new RunResult(
          schemaVersion,
          runId,
          experiment,
          file,
          plan,
          throughputUnit,
          status,
          valid,
          startedAt,
          finishedAt,
          repeat,
          baseline,
          environment,
          steps,
          repetitions,
          schedule,
          controller);
    }
  }
}
