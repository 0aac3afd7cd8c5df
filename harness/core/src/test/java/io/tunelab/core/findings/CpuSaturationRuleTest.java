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
  void aMachineBelowTheThresholdIsNotSaturated() {
    assertThat(Findings.of(cpu(80))).isEmpty();
  }

  @Test
  void tooFewSamplesSayNothing() {
    RunData data = RunData.empty(3_000).withCpu(new CpuData(2, Series.flat(3, 100), Map.of()));

    assertThat(Findings.of(data)).isEmpty();
  }
}
