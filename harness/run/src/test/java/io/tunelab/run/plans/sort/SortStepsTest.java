package io.tunelab.run.plans.sort;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.measure.LatencySummary;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** What a sort warm-up round is judged on: the middleware's CPU per answered request. */
class SortStepsTest {
  private static LatencySummary answered(long count, long errors) {
    return new LatencySummary(count, errors, 6000, 1, 5, 40, 4, 8, 10, 20);
  }

  @Test
  void judgesARoundOnTheRequestsOneMiddlewareCoreWouldAnswerPerMinute() {
    // 1.5 s of CPU for 500 answered (2 failed of 502): 3 ms a request, 20,000 a core-minute
    double judged =
        SortSteps.perCpuMinute(
            OptionalLong.of(2_000_000_000L), OptionalLong.of(3_500_000_000L), answered(502, 2));

    assertThat(judged).isCloseTo(20_000, org.assertj.core.data.Offset.offset(1e-6));
  }

  @Test
  void givesNothingToJudgeWithoutTheCpuOrAnAnswer() {
    assertThat(SortSteps.perCpuMinute(OptionalLong.empty(), OptionalLong.of(1), answered(10, 0)))
        .isZero();
    assertThat(SortSteps.perCpuMinute(OptionalLong.of(1), OptionalLong.of(5), answered(3, 3)))
        .isZero();
  }
}
