package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class BackendLatencyRuleTest {
  private static final List<BackendCalls.Operation> CALLS =
      List.of(
          new BackendCalls.Operation("siebel", "QueryCustomerParty", 100, 100),
          new BackendCalls.Operation("brm", "AddSubscription", 200, 250));

  @Test
  void backEndsTakingMostOfTheLatencyDominate() {
    // 100 + 2 x 250 = 600 ms of back-end time per order, of 900 ms: 67%.
    RunData data = RunData.empty(60_000).with(new BackendCalls(CALLS, 100, OptionalDouble.of(900)));

    assertThat(Findings.of(data))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.BACKEND_LATENCY);
              assertThat(f.message()).contains("600 ms of the 900 ms").contains("(67%)");
            });
  }

  @Test
  void backEndsTakingLessThanTheThresholdDoNot() {
    RunData data =
        RunData.empty(60_000).with(new BackendCalls(CALLS, 100, OptionalDouble.of(1_100)));

    assertThat(Findings.of(data)).isEmpty();
  }

  @Test
  void withoutTheEndToEndLatencyTheRuleSaysNothing() {
    RunData data = RunData.empty(60_000).with(new BackendCalls(CALLS, 100, OptionalDouble.empty()));

    assertThat(Findings.of(data)).isEmpty();
  }
}
