package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import io.tunelab.core.cost.WorkCost;
import io.tunelab.core.experiment.Plan;
import io.tunelab.core.findings.Finding;
import io.tunelab.core.findings.FindingKind;
import io.tunelab.core.measure.DeadlineMisses;
import io.tunelab.core.results.BatchOrderMeasures;
import io.tunelab.core.results.LatencyMillis;
import io.tunelab.core.results.Metrics;
import io.tunelab.core.results.OrderAccounting;
import io.tunelab.core.results.PlanMeasures;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RequestMeasures;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.StepResult;
import io.tunelab.core.results.Warmup;
import io.tunelab.core.tune.TrialVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each goal read from a trial's two steps: what it compares, what guards it, and what it refuses.
 * The steps are made up (five repetitions a side with a known effect and 1% noise), so a verdict
 * follows from the numbers alone.
 */
class TuneGoalTest {
  private static final double[] NOISE = {1.00, 1.01, 0.99, 1.005, 0.995};

  /** What one side of a trial measured in each repetition, before noise. */
  private record Side(
      double throughput, double p99, double cpuPerUnit, Double missPercent, boolean gcPressure) {}

  private static final Side KEPT = new Side(1000, 30, 60.0, null, false);

  @Test
  void costKeepsAChangeThatLowersTheStacksCpuPerUnitAtTheSameThroughput() {
    TrialVerdict verdict = verdict(TuneGoal.COST, KEPT, new Side(1000, 30, 45.0, null, false));

    assertThat(verdict.keep()).isTrue();
    assertThat(verdict.reason()).startsWith("kept: cpu per unit 0.750x [");
  }

  @Test
  void costDoesNotKeepACheaperChangeThatLosesThroughput() {
    TrialVerdict verdict = verdict(TuneGoal.COST, KEPT, new Side(700, 30, 45.0, null, false));

    assertThat(verdict.keep()).isFalse();
    assertThat(verdict.reason())
        .startsWith("not kept: cpu per unit 0.750x")
        .contains("but throughput worse 0.700x");
  }

  @Test
  void costWithoutTheObserversCpuIsNotKeptAndSaysWhy() {
    StepResult a = step("kept", KEPT, Plan.BATCH_ORDER);
    StepResult b = step("changed", new Side(1500, 30, 0, null, false), Plan.BATCH_ORDER);
    RunResult run = run(a, withoutCost(b));

    TrialVerdict verdict = TuneGoal.COST.verdict(run, run.steps().get(0), run.steps().get(1));

    assertThat(verdict.keep()).isFalse();
    assertThat(verdict.reason())
        .isEqualTo(
            "not kept: cpu per unit not measured in changed rep 1 (the stack's CPU per unit"
                + " needs the observer: no --no-observe)");
  }

  @Test
  void aTrialThatLostOrDuplicatedUnitsIsNotKeptAndSaysHowMany() {
    StepResult a = step("kept", KEPT, Plan.BATCH_ORDER);
    StepResult b = step("changed", new Side(1500, 30, 40.0, null, false), Plan.BATCH_ORDER);
    List<Repetition> repetitions = new ArrayList<>(b.repetitions());
    repetitions.set(
        0,
        repetitions
            .get(0)
            .withMeasures(BatchOrderMeasures.of(new OrderAccounting(100, 97, 0, 2, 1))));
    RunResult run =
        run(a, StepResult.of("changed", Map.of(), Map.of(), List.of(), Map.of(), repetitions));

    TrialVerdict verdict = TuneGoal.COST.verdict(run, run.steps().get(0), run.steps().get(1));

    assertThat(verdict.keep()).isFalse();
    assertThat(verdict.reason())
        .isEqualTo("not kept: 2 orders lost (changed), 1 orders duplicated (changed)");
  }

  @Test
  void deadlineMissesKeepsAChangeThatMissesFewerAndGuardsTheThroughput() {
    Side untuned = new Side(18000, 900, 80.0, 12.0, false);
    TrialVerdict fewer =
        verdict(
            TuneGoal.DEADLINE_MISSES,
            untuned,
            new Side(18000, 300, 50.0, 2.0, false),
            Plan.SORT_REQUESTS);
    TrialVerdict same = verdict(TuneGoal.DEADLINE_MISSES, untuned, untuned, Plan.SORT_REQUESTS);

    assertThat(fewer.keep()).as(fewer.reason()).isTrue();
    assertThat(fewer.reason()).startsWith("kept: deadline misses 0.167x [");
    assertThat(same.keep()).isFalse();
    assertThat(same.reason()).startsWith("not kept: deadline misses 1.000x").contains("noise");
  }

  /**
   * After a sort hub tune's first trial the kept configuration missed none: nothing left to win.
   */
  @Test
  void noDeadlineMissedInAnyRepetitionIsTheGoalsFloor() {
    StepResult none = step("kept", new Side(14000, 300, 5.0, 0.0, false), Plan.SORT_REQUESTS);
    StepResult some = step("kept", new Side(14000, 300, 5.0, 0.5, false), Plan.SORT_REQUESTS);

    assertThat(TuneGoal.DEADLINE_MISSES.floor(none))
        .contains("no deadline was missed in any of its 5 repetitions (kept)");
    assertThat(TuneGoal.DEADLINE_MISSES.floor(some)).isEmpty();
    assertThat(TuneGoal.THROUGHPUT.floor(none)).isEmpty();
  }

  @Test
  void deadlineMissesIsRefusedBeforeAnythingRunsOnAPlanWithoutADeadline() {
    TuneGoal.DEADLINE_MISSES.requireMeasuredBy(Plan.SORT_REQUESTS, "hub.yaml");

    assertThatThrownBy(() -> TuneGoal.DEADLINE_MISSES.requireMeasuredBy(Plan.BATCH_ORDER, "q.yaml"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("q.yaml: --goal deadline-misses")
        .hasMessageContaining("plan, batch-order, has none")
        .hasMessageContaining("a plan with a deadline (sort-requests)");
    assertThatThrownBy(() -> TuneGoal.of("latency"))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("throughput, p99, deadline-misses, cost");
    assertThat(TuneGoal.of("Deadline-Misses")).isEqualTo(TuneGoal.DEADLINE_MISSES);
  }

  /** The studies' heap story: faster, until the heap filled; a guard, whatever the goal. */
  @Test
  void aFasterChangeThatPutsTheMiddlewareUnderGcPressureIsNotKept() {
    TrialVerdict verdict = verdict(TuneGoal.THROUGHPUT, KEPT, new Side(1500, 30, 60.0, null, true));
    TrialVerdict alreadyPressed =
        verdict(
            TuneGoal.THROUGHPUT,
            new Side(1000, 30, 60.0, null, true),
            new Side(1500, 30, 60.0, null, true));

    assertThat(verdict.keep()).isFalse();
    assertThat(verdict.reason())
        .startsWith("not kept: throughput 1.500x")
        .contains("but heap: middleware under GC pressure in 5 of 5 repetitions (0 of 5 before)");
    assertThat(alreadyPressed.keep()).as(alreadyPressed.reason()).isTrue();
  }

  private static TrialVerdict verdict(TuneGoal goal, Side kept, Side changed) {
    return verdict(goal, kept, changed, Plan.BATCH_ORDER);
  }

  private static TrialVerdict verdict(TuneGoal goal, Side kept, Side changed, Plan plan) {
    StepResult a = step("kept", kept, plan);
    StepResult b = step("changed", changed, plan);
    RunResult run = run(a, b, plan);
    return goal.verdict(run, run.steps().get(0), run.steps().get(1));
  }

  /** A finished run of the two steps, the first its baseline (which sets B's vsBaseline). */
  private static RunResult run(StepResult a, StepResult b) {
    return run(a, b, Plan.BATCH_ORDER);
  }

  private static RunResult run(StepResult a, StepResult b, Plan plan) {
    RunResult run =
        new RunResult(
            "20261130-000000-trial",
            "trial",
            "trial.yaml",
            plan.yamlName(),
            plan.throughputUnit(),
            RunResult.RUNNING,
            false,
            "2026-11-30T00:00:00Z",
            null,
            NOISE.length,
            "kept",
            BenchCommandTest.environment(),
            List.of());
    return run.withStep(a).withStep(b).finished(RunResult.COMPLETE, "2026-11-30T00:05:00Z");
  }

  private static StepResult step(String name, Side side, Plan plan) {
    List<Repetition> repetitions = new ArrayList<>();
    for (int i = 0; i < NOISE.length; i++) {
      double n = NOISE[i];
      PlanMeasures measures =
          plan == Plan.SORT_REQUESTS
              ? new RequestMeasures(
                  null,
                  new DeadlineMisses(
                      2000,
                      6000,
                      Math.round(60 * side.missPercent() * n),
                      0,
                      side.missPercent() * n,
                      5))
              : BatchOrderMeasures.of(new OrderAccounting(100, 100, 0, 0, 0));
      List<Finding> findings =
          side.gcPressure()
              ? List.of(
                  new Finding(
                      FindingKind.GC_PRESSURE, "middleware", "GC pauses", List.of(), List.of()))
              : List.of();
      repetitions.add(
          Repetition.measured(
                  i + 1,
                  true,
                  "all accounted for",
                  Metrics.of(
                      side.throughput() * n, new LatencyMillis(10, 20, side.p99() * n, 40), 0),
                  measures,
                  new Warmup(5, 5, 1000),
                  2000,
                  name + "/rep-" + (i + 1))
              .withObservation(findings, null)
              .withCosts(
                  null,
                  new WorkCost(
                      100,
                      10_000,
                      Map.of("middleware", side.cpuPerUnit() * n),
                      side.cpuPerUnit() * n,
                      null,
                      null,
                      null),
                  null));
    }
    return StepResult.of(name, Map.of(), Map.of(), List.of(), Map.of(), repetitions);
  }

  private static StepResult withoutCost(StepResult step) {
    List<Repetition> repetitions =
        step.repetitions().stream().map(r -> r.withCosts(null, null, null)).toList();
    return StepResult.of(step.name(), Map.of(), Map.of(), List.of(), Map.of(), repetitions);
  }
}
