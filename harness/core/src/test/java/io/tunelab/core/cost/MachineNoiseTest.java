package io.tunelab.core.cost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MachineNoiseTest {
  private static final double EPSILON = 1e-9;

  @Test
  void noiseIsTheMachinesBusyTimeOutsideTheStackWithTheLoadAroundIt() {
    // 2 cores: 70% busy = 140% of one core; the tiers 100%: 40% of one core, 20% of the machine.
    List<CpuSample> samples =
        List.of(
            new CpuSample(1_000, 1, 70, Map.of("middleware", 80.0, "controller", 20.0)),
            new CpuSample(2_000, 1, 70, Map.of("middleware", 80.0, "controller", 20.0)));
    MachineNoise.IdleReading idle =
        MachineNoise.IdleReading.of(new CpuSample(500, 0.5, 30, Map.of("db", 10.0)), 2);

    MachineNoise noise =
        MachineNoise.of(CpuWindow.of(samples, 2, 0, 2_000), 0.5, 1.7, idle, null, null, null)
            .orElseThrow();

    assertThat(noise.outsidePercentOfMachine()).isCloseTo(20, within(EPSILON));
    assertThat(noise.machineBusyPercent()).isCloseTo(70, within(EPSILON));
    assertThat(noise.stackPercentOfMachine()).isCloseTo(50, within(EPSILON));
    assertThat(noise.loadAverageAtStart()).isEqualTo(0.5);
    assertThat(noise.loadAverageAtEnd()).isEqualTo(1.7);
    // Before sampling: 30% of 2 cores = 60% of one core, the stack 10%: 25% of the machine outside.
    assertThat(idle.millis()).isEqualTo(500);
    assertThat(idle.outsidePercentOfMachine()).isCloseTo(25, within(EPSILON));
    assertThat(noise.beforeSampling()).isEqualTo(idle);
  }

  @Test
  void theHypervisorsStealIsReportedApartFromTheCpuOutsideTheStack() {
    // 2 cores at 70% busy = 140% of one core: the tiers 100%, steal 15% of the machine = 30% of one
    // core; 10% of one core is left outside the stack: 5% of the machine.
    List<CpuSample> samples =
        List.of(
            new CpuSample(1_000, 1, 70, 15, Map.of("middleware", 80.0, "controller", 20.0)),
            new CpuSample(2_000, 1, 70, 15, Map.of("middleware", 80.0, "controller", 20.0)));
    MachineNoise.IdleReading idle =
        MachineNoise.IdleReading.of(new CpuSample(500, 0.5, 30, 20, Map.of("db", 10.0)), 2);

    MachineNoise noise =
        MachineNoise.of(CpuWindow.of(samples, 2, 0, 2_000), null, null, idle, null, null, null)
            .orElseThrow();

    assertThat(noise.stealPercentOfMachine()).isCloseTo(15, within(EPSILON));
    assertThat(noise.outsidePercentOfMachine()).isCloseTo(5, within(EPSILON));
    assertThat(noise.machineBusyPercent()).isCloseTo(70, within(EPSILON));
    // Before sampling: 60% of one core busy, 40% of it steal, the stack 10%: 5% of the machine.
    assertThat(idle.stealPercentOfMachine()).isCloseTo(20, within(EPSILON));
    assertThat(idle.outsidePercentOfMachine()).isCloseTo(5, within(EPSILON));
  }

  @Test
  void stealNeverReadIsUnknownNotZero() {
    List<CpuSample> samples = List.of(new CpuSample(1_000, 1, 70, Map.of("db", 100.0)));

    MachineNoise noise =
        MachineNoise.of(CpuWindow.of(samples, 2, 0, 1_000), null, null, null, null, null, null)
            .orElseThrow();

    assertThat(noise.stealPercentOfMachine()).isNull();
  }

  @Test
  void aWindowInWhichTheMachineWasNeverReadHasNoNoiseFigure() {
    List<CpuSample> samples = List.of(new CpuSample(1_000, 1, Double.NaN, Map.of("db", 10.0)));

    assertThat(
            MachineNoise.of(CpuWindow.of(samples, 2, 0, 1_000), null, null, null, null, null, null))
        .isEmpty();
  }
}
