package io.tunelab.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class DifferenceTest {
  @Test
  void separatedIntervalsBeyondTheNoiseAreSignificant() {
    Difference difference =
        Difference.between(Summary.of(List.of(99, 100, 101)), Summary.of(List.of(199, 200, 201)));

    assertThat(difference.verdict()).isEqualTo(Difference.Verdict.HIGHER);
    assertThat(difference.ratio()).isCloseTo(2.0, within(1e-9));
  }

  @Test
  void overlappingIntervalsAreNoSignificantDifference() {
    Difference difference =
        Difference.between(Summary.of(List.of(90, 100, 110)), Summary.of(List.of(95, 105, 115)));

    assertThat(difference.verdict()).isEqualTo(Difference.Verdict.NO_SIGNIFICANT_DIFFERENCE);
    assertThat(difference.significant()).isFalse();
  }

  @Test
  void oneRepetitionIsTooFewToTell() {
    Difference difference =
        Difference.between(Summary.of(List.of(100)), Summary.of(List.of(50, 51)));

    assertThat(difference.verdict()).isEqualTo(Difference.Verdict.TOO_FEW_REPETITIONS);
    assertThat(difference.ratio()).isCloseTo(0.505, within(1e-9));
  }

  @Test
  void lowerIsReportedAsLower() {
    Difference difference =
        Difference.between(Summary.of(List.of(200, 201, 202)), Summary.of(List.of(100, 101, 102)));

    assertThat(difference.verdict()).isEqualTo(Difference.Verdict.LOWER);
  }
}
