package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class BackendFaultRuleTest {
  private static RunData calls(BackendCalls.Operation... operations) {
    return RunData.empty(60_000)
        .with(new BackendCalls(List.of(operations), 0, OptionalDouble.empty()));
  }

  @Test
  void aBackEndFailingAShareOfItsCallsIsNamedWithItsFailingOperations() {
    RunData data =
        calls(
            new BackendCalls.Operation("siebel", "QueryCustomerParty", 100, 0, 0),
            new BackendCalls.Operation("brm", "CreateCustomer", 40, 2, 0),
            new BackendCalls.Operation("brm", "AddSubscription", 160, 18, 0));

    assertThat(Findings.of(data))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.BACKEND_FAULTS);
              assertThat(f.subject()).isEqualTo("brm");
              // 20 of 200 calls
              assertThat(f.message())
                  .startsWith("brm failed 20 of its 200 calls (10.0%)")
                  .contains("middleware.invoke.retries", "mocks.brm.faultRate");
              assertThat(f.evidence())
                  .containsExactly(
                      "brm CreateCustomer: 2 of 40 calls failed",
                      "brm AddSubscription: 18 of 160 calls failed");
              // the mock's fault rate is the simulated back-end's, not a knob to tune
              assertThat(f.candidates())
                  .extracting(Candidate::toString)
                  .containsExactly("middleware.invoke.retries up");
            });
  }

  @Test
  void fewFailuresOrFewCallsSayNothing() {
    assertThat(Findings.of(calls(new BackendCalls.Operation("brm", "AddSubscription", 1000, 9, 0))))
        .as("under 1%")
        .isEmpty();
    assertThat(Findings.of(calls(new BackendCalls.Operation("brm", "AddSubscription", 19, 19, 0))))
        .as("under 20 calls")
        .isEmpty();
    assertThat(Findings.of(calls(new BackendCalls.Operation("brm", "AddSubscription", 100, 0))))
        .as("no faults")
        .isEmpty();
  }
}
