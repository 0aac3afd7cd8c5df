package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.cost.MachineNoise;
import java.util.List;
import org.junit.jupiter.api.Test;

class NoisyMachineRuleTest {
  private static final MachineNoise.IdleReading IDLE =
      new MachineNoise.IdleReading(500, 12, 9, null);

  private static RunData noise(long windowMillis, double outside) {
    return RunData.empty(windowMillis)
        .with(
            new MachineNoise(
                2,
                windowMillis,
                outside,
                null,
                60,
                60 - outside,
                1.2,
                2.4,
                IDLE,
                null,
                null,
                null));
  }

  /** 60% busy over a minute: {@code steal} of it the hypervisor's, 1% outside the stack. */
  private static RunData steal(double steal) {
    MachineNoise.IdleReading idle = new MachineNoise.IdleReading(500, 14, 1, 12.0);
    return RunData.empty(60_000)
        .with(
            new MachineNoise(
                2, 60_000, 1, steal, 60, 59 - steal, null, null, idle, null, null, null));
  }

  private static List<Finding> noisy(RunData data) {
    return Findings.of(data).stream().filter(f -> f.kind() == FindingKind.NOISY_MACHINE).toList();
  }

  @Test
  void cpuOutsideTheStackOverFivePercentDisturbsTheRepetition() {
    assertThat(noisy(noise(60_000, 7)))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.subject()).isEqualTo("machine");
              assertThat(f.message())
                  .startsWith(
                      "something outside the stack used 7.0% of the CPU during the measured"
                          + " window: the numbers of this repetition are disturbed");
              assertThat(f.evidence())
                  .contains(
                      "series cpu.machine: 60.0% of 2 cores busy over 60 s measured",
                      "series cpu.tier, every tier and the controller: 53.0% of the machine",
                      "outside the stack (busy minus steal and the tiers): 7.0% of the machine",
                      "/proc/loadavg 1 min: 1.20 at the start, 2.40 at the end (2 cores)",
                      "before sampling (500 ms, stack idle): machine 12.0% busy, 9.0% outside the"
                          + " stack");
            });
  }

  @Test
  void fivePercentOutsideIsStillAQuietMachine() {
    assertThat(noisy(noise(60_000, 5))).isEmpty();
    assertThat(noisy(noise(60_000, 5.1))).hasSize(1);
  }

  @Test
  void aWindowTooShortOrNotObservedSaysNothing() {
    assertThat(noisy(noise(4_000, 30))).isEmpty();
    assertThat(noisy(RunData.empty(60_000))).isEmpty();
  }

  @Test
  void evidenceLeavesOutWhatWasNotRead() {
    RunData data =
        RunData.empty(60_000)
            .with(new MachineNoise(2, 60_000, 8, null, 60, 52, null, null, null, null, null, null));

    assertThat(noisy(data).get(0).evidence())
        .hasSize(3)
        .noneMatch(
            line ->
                line.contains("loadavg")
                    || line.contains("before sampling")
                    || line.contains("cpu.steal"));
  }

  @Test
  void theHostTakingOverFivePercentOfTheCpusDisturbsTheRepetitionOnItsOwn() {
    assertThat(noisy(steal(11.2)))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.subject()).isEqualTo("machine");
              assertThat(f.message())
                  .startsWith(
                      "the host took 11.2% of this VM's CPUs (steal: the hypervisor gave them to"
                          + " other guests) during the measured window: the numbers of this"
                          + " repetition are disturbed; repeat on a quieter host")
                  .contains("--order interleaved", "--repeat")
                  .doesNotContain("outside the stack", "top");
              assertThat(f.evidence())
                  .contains(
                      "series cpu.steal: 11.2% of the machine taken by the hypervisor (part of the"
                          + " busy time)",
                      "outside the stack (busy minus steal and the tiers): 1.0% of the machine",
                      "before sampling (500 ms, stack idle): machine 14.0% busy, 1.0% outside the"
                          + " stack, 12.0% steal");
            });
  }

  @Test
  void fivePercentStealIsStillAQuietHost() {
    assertThat(NoisyMachineRule.MAX_STEAL_PERCENT).isEqualTo(5);
    assertThat(noisy(steal(5))).isEmpty();
    assertThat(noisy(steal(5.1))).hasSize(1);
  }

  @Test
  void stealAndCpuOutsideTheStackTogetherAreBothNamed() {
    RunData data =
        RunData.empty(60_000)
            .with(new MachineNoise(2, 60_000, 8, 20.0, 70, 42, null, null, null, null, null, null));

    assertThat(noisy(data))
        .singleElement()
        .satisfies(
            f ->
                assertThat(f.message())
                    .startsWith(
                        "the host took 20.0% of this VM's CPUs (steal: the hypervisor gave them to"
                            + " other guests) and something outside the stack used 8.0% of the"
                            + " CPU during the measured window")
                    .contains("--order interleaved", "find the process (top)"));
  }
}
