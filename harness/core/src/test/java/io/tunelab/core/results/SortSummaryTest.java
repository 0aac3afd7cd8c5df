package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.measure.DeadlineMisses;
import io.tunelab.core.measure.LatencySummary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** summary.md of a sort-requests run: the requests answered beside the deadline's misses. */
class SortSummaryTest {
  private static Repetition rep(int n, long requests, long late, long failed) {
    LatencySummary all =
        new LatencySummary(requests, failed, 1200, 10, 12.5, 2400, 11, 15, 18, 2390);
    DeadlineMisses deadline =
        new DeadlineMisses(2000, requests, late, failed, 100.0 * (late + failed) / requests, 1.0);
    return Repetition.measured(
        n,
        true,
        requests + " requests",
        Metrics.of(1200, new LatencyMillis(11, 15, 2390, 2400), failed),
        new RequestMeasures(
            new RequestMetrics(
                "open",
                requests,
                requests,
                failed,
                100.0 * failed / requests,
                all,
                Map.of("SC", all),
                1200.0,
                1190.0),
            deadline),
        null,
        30000,
        "step/rep-" + n);
  }

  private static RunResult run(Repetition... reps) {
    StepResult step =
        StepResult.of(
            "rate-1200",
            Map.of(),
            Map.of("workload.arrivalsPerMinute", "1200"),
            List.of(),
            Map.of(),
            List.of(reps));
    return new RunResult(
            "20260101-000000-s",
            "s",
            "s.yaml",
            "sort-requests",
            "requests/min",
            RunResult.RUNNING,
            false,
            "2026-01-01T00:00:00Z",
            null,
            reps.length,
            "rate-1200",
            null,
            List.of())
        .withStep(step)
        .finished(RunResult.COMPLETE, "2026-01-01T00:01:00Z");
  }

  @Test
  void countsTheMissesOfEveryRepetitionAndNamesTheStepOverTheLimit() {
    String md = SummaryMarkdown.of(run(rep(1, 600, 6, 1), rep(2, 600, 0, 0)));

    assertThat(md).contains("| requests (answered/errors), missed deadline |");
    // 1199 answered, 1 error; 7 of 1,200 missed, 1.17% in the first repetition
    assertThat(md).contains("| 1199/1, 7 missed (0.58%) |");
    assertThat(md)
        .contains("**DEADLINE MISSES** over workload.maxMissPercent in rate-1200 (1 of 2)");
  }

  @Test
  void saysNothingOfTheDeadlineWhenEveryRepetitionKeptIt() {
    String md = SummaryMarkdown.of(run(rep(1, 600, 0, 0)));

    assertThat(md).contains("| 600/0, 0 missed (0.00%) |").doesNotContain("DEADLINE MISSES");
  }

  @Test
  void anAdaptiveRunSaysItsRangeAndTheRoundsItTookNotItsMinimum() {
    RunResult fixed = run(rep(1, 600, 0, 0));
    RunResult adaptive =
        fixed
            .withRepetitions(
                new io.tunelab.core.experiment.Repetitions(
                    3,
                    100,
                    5,
                    10,
                    io.tunelab.core.experiment.Repetitions.Jvm.SHARED,
                    io.tunelab.core.experiment.Repetitions.Order.INTERLEAVED))
            .withSchedule(new ScheduleOutcome(24, 7, "the time cap", 7.1, 5.0, 10.0));

    assertThat(SummaryMarkdown.of(fixed)).contains("Plan sort-requests, 1 repetition per step;");
    assertThat(SummaryMarkdown.of(adaptive))
        .contains(
            "Plan sort-requests, 3 to 100 repetitions per step, until the target MDE (24"
                + " rounds ran);");
  }
}
