package io.tunelab.core.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The content of {@code run.json}: the experiment, its status, the environment and every step.
 *
 * @param runId timestamp and experiment name, also the results folder's name
 * @param experiment the experiment's name
 * @param file the experiment file as given
 * @param plan the load plan, e.g. {@code batch-order}
 * @param throughputUnit unit of every {@code throughputPerMinute}, e.g. {@code orders/min}
 * @param status {@code running} while it runs (also if the controller was killed), {@code
 *     incomplete} when stopped early (Ctrl-C, an error), {@code complete} when every step ran
 * @param valid complete, and every repetition valid
 * @param startedAt ISO-8601 instant
 * @param finishedAt ISO-8601 instant, null while running
 * @param repeat repetitions per step
 * @param baseline the step whose throughput scores 100
 * @param environment versions and machine
 * @param steps steps run so far, in order
 */
public record RunResult(
    String runId,
    String experiment,
    String file,
    String plan,
    String throughputUnit,
    String status,
    boolean valid,
    String startedAt,
    String finishedAt,
    int repeat,
    String baseline,
    Environment environment,
    List<StepResult> steps) {
  public static final String RUNNING = "running";
  public static final String INCOMPLETE = "incomplete";
  public static final String COMPLETE = "complete";

  public RunResult {
    steps = List.copyOf(steps);
  }

  /** This run with one more step or its latest state replaced, indexes recomputed. */
  public RunResult withStep(StepResult step) {
    List<StepResult> next = new ArrayList<>(steps);
    next.removeIf(s -> s.name().equals(step.name()));
    next.add(step);
    return withSteps(next, status, finishedAt);
  }

  /** This run ended: {@link #COMPLETE} or {@link #INCOMPLETE}. */
  public RunResult finished(String endStatus, String at) {
    return withSteps(steps, endStatus, at);
  }

  public RunResult withEnvironment(Environment value) {
    return new RunResult(
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
        value,
        steps);
  }

  /** The step of that name. */
  public Optional<StepResult> step(String name) {
    return steps.stream().filter(s -> s.name().equals(name)).findFirst();
  }

  private RunResult withSteps(List<StepResult> list, String newStatus, String at) {
    double base =
        list.stream()
            .filter(s -> s.name().equals(baseline) && s.metrics() != null)
            .mapToDouble(s -> s.metrics().throughputPerMinute())
            .findFirst()
            .orElse(0);
    List<StepResult> indexed = list.stream().map(s -> s.withIndex(base)).toList();
    boolean allValid = COMPLETE.equals(newStatus) && indexed.stream().allMatch(StepResult::valid);
    return new RunResult(
        runId,
        experiment,
        file,
        plan,
        throughputUnit,
        newStatus,
        allValid,
        startedAt,
        at,
        repeat,
        baseline,
        environment,
        indexed);
  }
}
