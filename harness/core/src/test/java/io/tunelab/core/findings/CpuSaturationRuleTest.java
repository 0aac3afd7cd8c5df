package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

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
    return RunData.empty(10_000).withCpu(new CpuData(2, Series.flat(10, machineBusy), tiers));
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
    RunData disturbed = RunData.empty(10_000).withCpu(new CpuData(2, Series.flat(10, 95), tiers));

    assertThat(Findings.of(disturbed))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.subject()).isEqualTo("machine");
              assertThat(f.message()).contains("outside the stack use 160% of one core");
            });
  }

  @Test
  void aMachineBelowTheThresholdIsNotSaturated() {
    assertThat(Findings.of(cpu(80))).isEmpty();
  }

  @Test
  void tooFewSamplesSayNothing() {
    RunData data = RunData.empty(3_000).withCpu(new CpuData(2, Series.flat(3, 100), Map.of()));

    assertThat(Findings.of(data)).isEmpty();
  }
}
