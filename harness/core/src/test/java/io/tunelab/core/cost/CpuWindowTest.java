package io.tunelab.core.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CpuWindowTest {
  private static final double EPSILON = 1e-9;

  private static CpuSample middleware(long at, double seconds, double percentOfOneCore) {
    return new CpuSample(at, seconds, Double.NaN, Map.of("middleware", percentOfOneCore));
  }

  /**
   * Measured from 10 s to 13 s: a warm-up sample, one that straddles the start (2 s, half inside),
   * a short one (0.5 s) and a long one (1.5 s).
   */
  private static final List<CpuSample> UNEVEN =
      List.of(
          middleware(9_000, 1, 300),
          middleware(11_000, 2, 100),
          middleware(11_500, 0.5, 200),
          middleware(13_000, 1.5, 50));

  @Test
  void cpuIsEachSamplesRateTimesItsOwnIntervalInsideTheWindow() {
    CpuWindow window = CpuWindow.of(UNEVEN, 2, 10_000, 13_000);

    // 1 s x 100% + 0.5 s x 200% + 1.5 s x 50% = 2.75 CPU seconds; the warm-up's 300% none of it.
    // A mean of the three measured samples x 3 s would say 3.5.
    assertThat(window.cpuMillis("middleware")).isCloseTo(2_750, within(EPSILON));
    assertThat(window.percentOfOneCore("middleware")).isCloseTo(2_750 / 30.0, within(EPSILON));
    assertThat(window.percentOfMachine("middleware")).isCloseTo(2_750 / 60.0, within(EPSILON));
    assertThat(window.coveredPercent()).isCloseTo(100, within(EPSILON));
  }

  @Test
  void aStretchNoSampleCoveredRunsAtTheCoveredRate() {
    CpuWindow window = CpuWindow.of(UNEVEN, 2, 10_000, 14_000);

    assertThat(window.coveredPercent()).isCloseTo(75, within(EPSILON));
    assertThat(window.cpuMillis("middleware")).isCloseTo(2_750 * 4 / 3.0, within(EPSILON));
    assertThat(window.percentOfOneCore("middleware")).isCloseTo(2_750 / 30.0, within(EPSILON));
  }

  @Test
  void aTierThatNeverRanUsedNoCpuAndAWindowWithoutSamplesNone() {
    assertThat(CpuWindow.of(UNEVEN, 2, 10_000, 13_000).cpuMillis("load")).isZero();
    CpuWindow empty = CpuWindow.of(UNEVEN, 2, 20_000, 30_000);

    assertThat(empty.covered()).isFalse();
    assertThat(empty.cpuMillis("middleware")).isZero();
    assertThat(empty.machineBusyPercent()).isNaN();
  }

  @Test
  void outsideTheStackIsTheBusyTimeNoTierUsedClampedOverTheWindowNotPerSample() {
    // 2 cores; each second the machine is 50% busy = 100% of one core. The tiers' ticks land 10
    // points over it in one second and 10 under in the next: nothing ran outside.
    CpuSample over = new CpuSample(11_000, 1, 50, Map.of("db", 60.0, "controller", 50.0));
    CpuSample under = new CpuSample(12_000, 1, 50, Map.of("db", 40.0, "controller", 50.0));

    CpuWindow window = CpuWindow.of(List.of(over, under), 2, 10_000, 12_000);

    assertThat(window.machineBusyPercent()).isCloseTo(50, within(EPSILON));
    assertThat(window.stackPercentOfMachine()).isCloseTo(50, within(EPSILON));
    assertThat(window.outsidePercentOfMachine()).isZero();
  }

  @Test
  void busyTimeBeyondTheTiersIsOutsideTheStackAsAShareOfTheMachine() {
    // 2 cores at 60% = 120% of one core; the tiers use 100%: 20% of one core is 10% of the machine.
    CpuSample sample = new CpuSample(11_000, 1, 60, Map.of("db", 70.0, "controller", 30.0));

    CpuWindow window = CpuWindow.of(List.of(sample), 2, 10_000, 11_000);

    assertThat(window.outsidePercentOfMachine()).isCloseTo(10, within(EPSILON));
  }

  @Test
  void stealIsIntegratedOverTheWindowLikeTheBusyTime() {
    // 2 cores, measured from 10 s to 13 s: the warm-up's 40% steal counts for none, the straddling
    // sample's 20% for its 1 s inside, then 0.5 s at 10% and 1.5 s at 2%.
    List<CpuSample> samples =
        List.of(
            new CpuSample(9_000, 1, 90, 40, Map.of()),
            new CpuSample(11_000, 2, 60, 20, Map.of()),
            new CpuSample(11_500, 0.5, 60, 10, Map.of()),
            new CpuSample(13_000, 1.5, 60, 2, Map.of()));

    CpuWindow window = CpuWindow.of(samples, 2, 10_000, 13_000);

    // (1 x 20 + 0.5 x 10 + 1.5 x 2) / 3 s; a mean of the three samples would say 10.67.
    assertThat(window.machineStealPercent()).isCloseTo(28 / 3.0, within(EPSILON));
    assertThat(window.machineBusyPercent()).isCloseTo(60, within(EPSILON));
  }

  @Test
  void stealIsNotOutsideTheStack() {
    // 2 cores at 80% = 160% of one core; the tiers 100%, steal 25% of the machine = 50% of one
    // core: 10% of one core, 5% of the machine, ran outside the stack.
    CpuSample sample = new CpuSample(11_000, 1, 80, 25, Map.of("db", 70.0, "controller", 30.0));

    CpuWindow window = CpuWindow.of(List.of(sample), 2, 10_000, 11_000);

    assertThat(window.machineStealPercent()).isCloseTo(25, within(EPSILON));
    assertThat(window.stackPercentOfMachine()).isCloseTo(50, within(EPSILON));
    assertThat(window.outsidePercentOfMachine()).isCloseTo(5, within(EPSILON));
  }

  @Test
  void outsideTheStackStaysAtZeroWhenStealAndTheTiersRoundAboveTheBusyTime() {
    CpuSample sample = new CpuSample(11_000, 1, 50, 10, Map.of("db", 90.0));

    CpuWindow window = CpuWindow.of(List.of(sample), 2, 10_000, 11_000);

    assertThat(window.outsidePercentOfMachine()).isZero();
  }

  @Test
  void stealNeverReadIsUnknownAndLeavesOutsideTheStackAsBefore() {
    CpuSample sample = new CpuSample(11_000, 1, 60, Map.of("db", 70.0, "controller", 30.0));

    CpuWindow window = CpuWindow.of(List.of(sample), 2, 10_000, 11_000);

    assertThat(window.machineStealPercent()).isNaN();
    assertThat(window.outsidePercentOfMachine()).isCloseTo(10, within(EPSILON));
  }

  @Test
  void rejectsAWindowThatEndsBeforeItStarts() {
    assertThatThrownBy(() -> CpuWindow.of(UNEVEN, 2, 2_000, 1_000))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("from <= to");
  }
}
