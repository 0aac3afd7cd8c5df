package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.cost.MachineNoise;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CpuSaturationRuleTest {
  private static RunData cpu(double machineBusy) {
    Map<String, List<Point>> tiers = new LinkedHashMap<>();
    tiers.put("db", Series.flat(10, 40));
    tiers.put("middleware", Series.flat(10, 120));
    tiers.put("broker", Series.flat(10, 20));
    return RunData.empty(10_000).with(new CpuData(2, Series.flat(10, machineBusy), tiers));
  }

  @Test
  void aBusyMachineNamesTheTierUsingTheMostCpu() {
    List<Finding> findings = Findings.of(cpu(92));

    assertThat(findings)
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.CPU_SATURATED);
              assertThat(f.subject()).isEqualTo("middleware");
              assertThat(f.message())
                  .contains("92% busy (2 cores)")
                  .contains("120% of one core (60%");
            });
  }

  @Test
  void aBusyMachineWhoseCpuGoesMostlyOutsideTheStackSaysTheRunWasDisturbed() {
    // 2 cores at 95% = 190% of one core; the tiers use 180%: 10% outside, less than any tier.
    assertThat(Findings.of(cpu(95)).get(0).subject()).isEqualTo("middleware");
    // At 2 cores, 100% busy is 200% of one core: the tiers' 180% leave 20%, still less than 120%.
    Map<String, List<Point>> tiers = Map.of("middleware", Series.flat(10, 30));
    RunData disturbed = RunData.empty(10_000).with(new CpuData(2, Series.flat(10, 95), tiers));

    assertThat(Findings.of(disturbed))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.subject()).isEqualTo("machine");
              assertThat(f.message()).contains("outside the stack use 160% of one core");
            });
  }

  @Test
  void stealIsNotAProcessOutsideTheStackAndIsNamedWhenItIsTheLargerPart() {
    // 2 cores at 95% = 190% of one core; the tier 30%; steal 60% of the machine = 120% of one
    // core: 40% is left for processes outside the stack.
    Map<String, List<Point>> tiers = Map.of("middleware", Series.flat(10, 30));
    RunData stolen =
        RunData.empty(10_000)
            .with(new CpuData(2, Series.flat(10, 95), tiers))
            .with(
                new MachineNoise(2, 10_000, 20, 60.0, 95, 15, null, null, null, null, null, null));

    assertThat(Findings.of(stolen))
        .filteredOn(f -> f.kind() == FindingKind.CPU_SATURATED)
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.subject()).isEqualTo("machine");
              assertThat(f.message())
                  .contains("the host took 120% of one core (steal")
                  .contains("and processes outside the stack use 40% of one core")
                  .contains("together more than any tier (middleware: 30%)")
                  .contains("--order interleaved");
              assertThat(f.evidence())
                  .contains(
                      "series cpu.steal: 60% of the machine (120% of one core), taken by the"
                          + " hypervisor",
                      "outside the stack: 40% of one core");
            });
  }

  @Test
  void stealOnABusyMachineDoesNotMakeTheTopTierLookDisturbed() {
    // 2 cores at 92% = 184% of one core; the tiers 180%, steal 2% of the machine = 4% of one core:
    // nothing left outside; the middleware is still the limit.
    RunData data =
        cpu(92)
            .with(new MachineNoise(2, 10_000, 0, 2.0, 92, 90, null, null, null, null, null, null));

    assertThat(Findings.of(data))
        .filteredOn(f -> f.kind() == FindingKind.CPU_SATURATED)
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.subject()).isEqualTo("middleware");
              assertThat(f.evidence()).contains("outside the stack: 0% of one core");
            });
  }

  @Test
  void aMachineBelowTheThresholdIsNotSaturated() {
    assertThat(Findings.of(cpu(80))).isEmpty();
  }

  @Test
  void tooFewSamplesSayNothing() {
    RunData data = RunData.empty(3_000).with(new CpuData(2, Series.flat(3, 100), Map.of()));

    assertThat(Findings.of(data)).isEmpty();
  }
}
