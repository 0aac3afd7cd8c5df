package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.MiddlewareKnobs;
import org.junit.jupiter.api.Test;

class MiddlewareDeathRuleTest {
  @Test
  void outOfHeapNamesTheHeapKnobWithTheLogsError() {
    RunData died =
        RunData.empty(60_000)
            .with(
                new MiddlewareExit(
                    4242,
                    3,
                    true,
                    "Terminating due to java.lang.OutOfMemoryError: Java heap space"));

    assertThat(Findings.of(died))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.MIDDLEWARE_DIED);
              assertThat(f.subject()).isEqualTo("middleware");
              assertThat(f.message())
                  .contains("ran out of heap")
                  .contains("raise middleware.jvm.heapMegabytes");
              assertThat(f.evidence())
                  .containsExactly(
                      "pid 4242 exited with status 3",
                      "its log ends: Terminating due to java.lang.OutOfMemoryError: Java heap"
                          + " space");
              assertThat(f.candidates())
                  .containsExactly(
                      Candidate.raise(MiddlewareKnobs.HEAP),
                      Candidate.lower(MiddlewareKnobs.ENGINE_THREADS));
            });
  }

  @Test
  void anotherDeathGivesItsStatusAndNoHeapAdvice() {
    RunData killed = RunData.empty(60_000).with(new MiddlewareExit(7, 137, false, ""));

    assertThat(Findings.of(killed))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.message()).contains("status 137").doesNotContain("heapMegabytes");
              assertThat(f.evidence()).containsExactly("pid 7 exited with status 137");
              assertThat(f.candidates()).as("a kill is no knob's").isEmpty();
            });
  }

  @Test
  void aLiveMiddlewareSaysNothing() {
    assertThat(Findings.of(RunData.empty(60_000))).isEmpty();
  }
}
