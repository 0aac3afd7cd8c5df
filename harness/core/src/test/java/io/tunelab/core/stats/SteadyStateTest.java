package io.tunelab.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SteadyStateTest {
  private final SteadyState rule = new SteadyState(5, 0.05);

  @Test
  void aJitWarmupThatLevelsOffIsSteadyOnceItsLastWindowsAgree() {
    // climbs 600 -> 1,200 orders/min, then holds within +-1%
    List<Double> rates =
        List.of(600.0, 800.0, 950.0, 1050.0, 1120.0, 1190.0, 1200.0, 1210.0, 1195.0, 1205.0);

    assertThat(rule.judge(rates.subList(0, 7)).steady()).isFalse();
    SteadyState.Verdict verdict = rule.judge(rates);

    assertThat(verdict.steady()).isTrue();
    assertThat(verdict.values()).isEqualTo(10);
    assertThat(verdict.level()).isCloseTo(1200.0, within(0.01));
    assertThat(verdict.shape()).isEqualTo(SteadyState.Shape.WARMUP);
  }

  @Test
  void aSmoothClimbIsNotSteadyEvenWhenItsSpreadIsSmall() {
    // +1.5% a window: CV of the last five is about 2.4%, under the tolerance, but the line rises 6%
    List<Double> rates = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      rates.add(1000 * Math.pow(1.015, i));
    }

    SteadyState.Verdict verdict = rule.judge(rates);

    assertThat(verdict.cv()).isLessThan(0.05);
    assertThat(verdict.trend()).isGreaterThan(0.05);
    assertThat(verdict.steady()).isFalse();
    assertThat(verdict.shape()).isEqualTo(SteadyState.Shape.NONE);
  }

  @Test
  void aSeriesThatKeepsJumpingIsNeverSteady() {
    List<Double> rates = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      rates.add(i % 2 == 0 ? 900.0 : 1100.0);
    }

    for (int m = 1; m <= rates.size(); m++) {
      assertThat(rule.judge(rates.subList(0, m)).steady()).as("after %d windows", m).isFalse();
    }
  }

  @Test
  void aFlatStartIsSteadyAsSoonAsThereAreEnoughWindows() {
    List<Double> rates = List.of(1000.0, 1010.0, 990.0, 1005.0, 995.0);

    assertThat(rule.judge(rates.subList(0, 4)).steady()).isFalse();
    assertThat(rule.judge(rates).steady()).isTrue();
    assertThat(rule.judge(rates).shape()).isEqualTo(SteadyState.Shape.FLAT);
  }

  @Test
  void aSlowdownThatSettlesIsCalledSo() {
    List<Double> rates = List.of(2000.0, 1500.0, 1100.0, 1000.0, 1010.0, 990.0, 1000.0, 1005.0);

    SteadyState.Verdict verdict = rule.judge(rates);

    assertThat(verdict.steady()).isTrue();
    assertThat(verdict.shape()).isEqualTo(SteadyState.Shape.SLOWDOWN);
  }

  @Test
  void theCvIsTheSampleCoefficientOfVariationOfTheLastWindows() {
    // last five: 10, 12, 14, 12, 12: mean 12, sample variance 2, CV sqrt(2)/12
    SteadyState.Verdict verdict =
        new SteadyState(5, 0.5).judge(List.of(99.0, 10.0, 12.0, 14.0, 12.0, 12.0));

    assertThat(verdict.cv()).isCloseTo(Math.sqrt(2) / 12, within(1e-12));
    // slope 0.4 a window over 4 steps = 1.6, relative to 12
    assertThat(verdict.trend()).isCloseTo(1.6 / 12, within(1e-12));
  }

  @Test
  void refusesARuleThatCannotJudge() {
    assertThatThrownBy(() -> new SteadyState(1, 0.05)).hasMessageContaining("2 windows");
    assertThatThrownBy(() -> new SteadyState(5, 0)).hasMessageContaining("tolerance");
  }
}
