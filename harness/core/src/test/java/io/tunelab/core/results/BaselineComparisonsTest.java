package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tunelab.core.stats.Comparison;
import io.tunelab.core.stats.Comparison.Verdict;
import io.tunelab.core.stats.Direction;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each step's throughput against the baseline's: one Holm family per run. */
class BaselineComparisonsTest {
  private static StepResult step(String name, double... throughputs) {
    return TestSteps.step(name, Map.of(), throughputs);
  }

  private static RunResult run(String baseline, StepResult... steps) {
    return TestSteps.run(baseline, 3, steps);
  }

  @Test
  void everyStepButTheBaselineIsComparedAndAdjustedTogether() {
    // Welch p against a = {100, 110, 120} (scipy): b 0.003660, c 0.003602, d 0.573392.
    // Holm, m = 3: c 3 x 0.003602 = 0.010807; b max(0.010807, 2 x 0.003660) = 0.010807; d 0.573392
    RunResult run =
        run(
            "a",
            step("a", 100, 110, 120),
            step("b", 200, 220, 240),
            step("c", 150, 160, 170),
            step("d", 105, 115, 125));

    assertThat(run.step("a").orElseThrow().vsBaseline()).isNull();
    Comparison b = run.step("b").orElseThrow().vsBaseline();
    assertThat(b.p()).isCloseTo(0.003660, within(1e-6));
    assertThat(b.pAdjusted()).isCloseTo(0.010807, within(1e-6));
    assertThat(b.verdict()).isEqualTo(Verdict.BETTER);
    assertThat(b.direction()).isEqualTo(Direction.HIGHER_IS_BETTER);
    assertThat(run.step("c").orElseThrow().vsBaseline().pAdjusted())
        .isCloseTo(0.010807, within(1e-6));
    Comparison d = run.step("d").orElseThrow().vsBaseline();
    assertThat(d.pAdjusted()).isCloseTo(0.573392, within(1e-6));
    assertThat(d.verdict()).isEqualTo(Verdict.NO_SIGNIFICANT_DIFFERENCE);
    assertThat(d.mde()).isNotNull();
  }

  @Test
  void stepsBeforeTheBaselineRanHaveNoComparison() {
    RunResult run = run("late", step("early", 100, 110, 120));

    assertThat(run.step("early").orElseThrow().vsBaseline()).isNull();
  }

  @Test
  void aStepOfOneRepetitionIsTooFewAndOutOfTheFamily() {
    RunResult run = run("a", step("a", 100, 110, 120), step("one", 300), step("c", 150, 160, 170));

    assertThat(run.step("one").orElseThrow().vsBaseline().verdict())
        .isEqualTo(Verdict.TOO_FEW_REPETITIONS);
    // a family of one: c's p is its own
    Comparison c = run.step("c").orElseThrow().vsBaseline();
    assertThat(c.pAdjusted()).isEqualTo(c.p());
  }
}
