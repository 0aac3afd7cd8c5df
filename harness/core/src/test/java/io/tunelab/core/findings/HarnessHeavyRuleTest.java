package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.cost.HarnessCost;
import io.tunelab.core.cost.HarnessCost.TierCpu;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HarnessHeavyRuleTest {
  /** A 60 s window on 2 cores with these harness tiers, in % of one core. */
  private static RunData harness(double load, double mocks, double controller) {
    return harness(60_000, load, mocks, controller);
  }

  private static RunData harness(long windowMillis, double load, double mocks, double controller) {
    Map<String, TierCpu> tiers = new LinkedHashMap<>();
    tiers.put("load", new TierCpu(load, load / 2));
    tiers.put("mocks", new TierCpu(mocks, mocks / 2));
    tiers.put("controller", new TierCpu(controller, controller / 2));
    String biggest =
        load >= mocks && load >= controller ? "load" : mocks >= controller ? "mocks" : "controller";
    double share = (load + mocks + controller) / 2;
    return RunData.empty(windowMillis)
        .with(new HarnessCost(2, windowMillis, share, biggest, tiers, new TierCpu(1.5, 0.75)));
  }

  private static List<Finding> heavy(RunData data) {
    return Findings.of(data).stream().filter(f -> f.kind() == FindingKind.HARNESS_HEAVY).toList();
  }

  @Test
  void aHarnessOverTenPercentOfTheMachineNamesItsBiggestTierAndWhatToDo() {
    assertThat(heavy(harness(20, 4, 6)))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.subject()).isEqualTo("load");
              assertThat(f.message())
                  .contains("the harness used 15.0% of the machine (2 cores)")
                  .contains("load (20% of one core)")
                  .contains("before the measured window");
              assertThat(f.evidence())
                  .contains("series cpu.tier load: 20.0% of one core, 10.0% of the machine")
                  .contains("observer sampling thread (inside controller): 1.5% of one core")
                  .anyMatch(line -> line.contains("= 15.0% of the machine over 60 s measured"));
            });
  }

  @Test
  void whatThePlanSaysOfItsLoadTierReplacesTheHousesAdvice() {
    LoadTierAdvice advice = new LoadTierAdvice("the load is the experiment's; fewer users");

    assertThat(heavy(harness(30, 4, 6).with(advice)))
        .singleElement()
        .satisfies(
            f ->
                assertThat(f.message())
                    .endsWith("that much less CPU; the load is the experiment's; fewer users")
                    .doesNotContain("before the measured window"));
    assertThat(heavy(harness(2, 20, 4).with(advice)).get(0).message())
        .as("the mocks are the biggest: the plan's word on its load does not apply")
        .contains("mocks.containerThreads")
        .doesNotContain("fewer users");
  }

  @Test
  void theAdviceFollowsTheBiggestTier() {
    assertThat(heavy(harness(2, 20, 4)).get(0).message()).contains("mocks.containerThreads");
    assertThat(heavy(harness(2, 4, 20)).get(0).message())
        .contains("a longer observer interval")
        .contains("1.5% of one core");
  }

  @Test
  void aHarnessAtExactlyTenPercentIsNotHeavy() {
    // (12 + 4 + 4) / 2 cores = 10.0% of the machine: at the threshold, not over it.
    assertThat(heavy(harness(12, 4, 4))).isEmpty();
    assertThat(heavy(harness(12, 4, 4.2))).hasSize(1);
  }

  @Test
  void aWindowTooShortOrNotObservedSaysNothing() {
    assertThat(heavy(harness(4_000, 40, 10, 10))).isEmpty();
    assertThat(heavy(RunData.empty(60_000))).isEmpty();
  }
}
