package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tunelab.core.stats.Comparison.Verdict;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Steps past a ladder's peak, significantly slower than it. */
class ScalingLossTest {
  private static final String DEQUEUE = "middleware.messaging.dequeueThreads";

  private static StepResult step(String name, Map<String, String> knobs, double... throughputs) {
    return TestSteps.step(name, knobs, throughputs);
  }

  private static Map<String, String> knobs(String... pairs) {
    Map<String, String> m = new TreeMap<>(Map.of("workload.seed", "42"));
    for (int i = 0; i < pairs.length; i += 2) {
      m.put(pairs[i], pairs[i + 1]);
    }
    return m;
  }

  @Test
  void aStepPastThePeakThatIsSlowerIsALossInTheStudysWords() {
    List<StepResult> steps =
        List.of(
            step("d1", knobs(DEQUEUE, "1"), 100, 105, 110),
            step("d16", knobs(DEQUEUE, "16"), 300, 310, 320),
            step("d64", knobs(DEQUEUE, "64"), 200, 205, 210),
            step("d4", knobs(DEQUEUE, "4"), 250, 260, 270));

    List<ScalingLoss> losses = ScalingLoss.of(steps);

    assertThat(losses).hasSize(1);
    ScalingLoss loss = losses.get(0);
    assertThat(loss.knob()).isEqualTo(DEQUEUE);
    assertThat(loss.peakValue()).isEqualTo("16");
    assertThat(loss.value()).isEqualTo("64");
    assertThat(loss.comparison().ratio()).isCloseTo(205.0 / 310.0, within(1e-9));
    assertThat(loss.comparison().verdict()).isEqualTo(Verdict.WORSE);
    // the only test in the family: d1 and d4 are below the peak
    assertThat(loss.comparison().pAdjusted()).isEqualTo(loss.comparison().p());
    assertThat(loss.text()).contains("too many dequeue threads on one queue").contains("keep 16");
  }

  @Test
  void aPlateauWithinTheNoiseIsNoLoss() {
    List<StepResult> steps =
        List.of(
            step("d4", knobs(DEQUEUE, "4"), 250, 260, 270),
            step("d16", knobs(DEQUEUE, "16"), 262, 290, 300),
            step("d64", knobs(DEQUEUE, "64"), 255, 275, 295));

    assertThat(ScalingLoss.of(steps)).isEmpty();
  }

  @Test
  void onlyStepsDifferingInOneNumericKnobMakeALadder() {
    List<StepResult> steps =
        List.of(
            // a 2 x 3 matrix: each row of three is a ladder, each column of two is not
            step("a", knobs("workload.threads", "1", DEQUEUE, "1"), 100, 101, 102),
            step("b", knobs("workload.threads", "1", DEQUEUE, "4"), 300, 301, 302),
            step("c", knobs("workload.threads", "1", DEQUEUE, "16"), 200, 201, 202),
            step("d", knobs("workload.threads", "4", DEQUEUE, "1"), 50, 51, 52),
            step("e", knobs("workload.threads", "4", DEQUEUE, "4"), 40, 41, 42),
            step("f", knobs("workload.threads", "4", DEQUEUE, "16"), 45, 46, 47),
            // not numeric: no ladder
            step("g", knobs("middleware.messaging.navigation", "first"), 90, 91, 92),
            step("h", knobs("middleware.messaging.navigation", "next"), 10, 11, 12));

    List<ScalingLoss> losses = ScalingLoss.of(steps);

    // row 1: c past b; row 2: e's peak is d at 1, and e, f are both slower past it
    assertThat(losses).extracting(ScalingLoss::step).containsExactlyInAnyOrder("c", "e", "f");
    assertThat(losses).extracting(ScalingLoss::peakStep).containsExactlyInAnyOrder("b", "d", "d");
  }

  @Test
  void theSummaryNamesTheLossUnderPastThePeak() {
    RunResult run =
        new RunResult(
            "r",
            "r",
            "r.yaml",
            "messaging",
            "messages/min",
            RunResult.RUNNING,
            false,
            "t",
            null,
            3,
            "d4",
            null,
            List.of());
    run = run.withStep(step("d4", knobs(DEQUEUE, "4"), 250, 260, 270));
    run = run.withStep(step("d16", knobs(DEQUEUE, "16"), 300, 310, 320));
    String without = SummaryMarkdown.of(run);
    run = run.withStep(step("d64", knobs(DEQUEUE, "64"), 200, 205, 210));

    assertThat(without).doesNotContain("Past the peak");
    assertThat(SummaryMarkdown.of(run))
        .contains("## Past the peak")
        .contains("**PAST_PEAK** `" + DEQUEUE + "` = 64 (d64) finished 0.661");
  }

  @Test
  void twoStepsAreAComparisonNotALadder() {
    List<StepResult> steps =
        List.of(
            step("d4", knobs(DEQUEUE, "4"), 300, 301, 302),
            step("d64", knobs(DEQUEUE, "64"), 100, 101, 102));

    assertThat(ScalingLoss.of(steps)).isEmpty();
  }
}
