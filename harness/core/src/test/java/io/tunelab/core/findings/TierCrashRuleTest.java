package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TierCrashRuleTest {
  @Test
  void aTierKilledOnPurposeIsNamedWithWhenAndHowLongItWasDown() {
    RunData crashed = RunData.empty(60_000).with(new TierCrash("db", 32, 60, "orders", 2_450));

    assertThat(Findings.of(crashed))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.TIER_CRASHED);
              assertThat(f.subject()).isEqualTo("db");
              assertThat(f.message())
                  .contains("the db tier was killed (SIGKILL, as workload.crash asked)")
                  .contains("when 32 of 60 orders were done")
                  .contains("answered again on its data 2.5 s later");
              assertThat(f.evidence())
                  .containsExactly(
                      "killed at 32 of 60 done",
                      "down 2450 ms, until it answered on its data again");
              assertThat(f.candidates()).isEmpty();
            });
  }

  @Test
  void noCrashNoFinding() {
    assertThat(Findings.of(RunData.empty(60_000))).isEmpty();
  }
}
