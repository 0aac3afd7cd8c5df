package io.tunelab.run.plans.batchorder;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.cost.HarnessCost;
import io.tunelab.core.cost.HarnessCost.TierCpu;
import io.tunelab.core.findings.Finding;
import io.tunelab.core.findings.FindingKind;
import io.tunelab.core.findings.Findings;
import io.tunelab.core.findings.RunData;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Users querying beside a drain are the load tier's work: a harness-heavy window says so, and not
 * the house's advice to send the orders earlier.
 */
class BesideUsersAdviceTest {
  @Test
  void aHeavyLoadTierBesideADrainNamesItsUsersAsWhatTheExperimentAsksFor() {
    Map<String, TierCpu> tiers = new LinkedHashMap<>();
    tiers.put("load", new TierCpu(30, 15));
    tiers.put("mocks", new TierCpu(4, 2));
    tiers.put("controller", new TierCpu(6, 3));
    RunData window =
        RunData.empty(60_000)
            .with(new HarnessCost(2, 60_000, 20, "load", tiers, new TierCpu(1.5, 0.75)))
            .with(BatchOrderOutcome.besideUsers(4));

    assertThat(Findings.of(window))
        .filteredOn(finding -> finding.kind() == FindingKind.HARNESS_HEAVY)
        .singleElement()
        .extracting(Finding::message)
        .asString()
        .contains("the 4 users querying beside the drain (workload.besideUsers)")
        .contains("fewer users leave the stack that CPU")
        .doesNotContain("before the measured window");
  }
}
