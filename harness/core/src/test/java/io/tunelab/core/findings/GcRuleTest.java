package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.MiddlewareKnobs;
import org.junit.jupiter.api.Test;

class GcRuleTest {
  private static RunData gc(double pauseTotalMillis, int fullCollections) {
    return RunData.empty(60_000)
        .with(new GcData("middleware", 200, pauseTotalMillis, 40, fullCollections, 60_000, 64, 60));
  }

  @Test
  void pausesOverFivePercentOfTheWindowAreGcPressure() {
    assertThat(Findings.of(gc(3_600, 0)))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.GC_PRESSURE);
              assertThat(f.subject()).isEqualTo("middleware");
              assertThat(f.message()).contains("6.0% of the run").contains("heapMegabytes");
              assertThat(f.candidates()).containsExactly(Candidate.raise(MiddlewareKnobs.HEAP));
            });
  }

  @Test
  void repeatedFullCollectionsAreGcPressureEvenWithShortPauses() {
    assertThat(Findings.of(gc(300, 3)))
        .singleElement()
        .satisfies(
            f ->
                assertThat(f.evidence())
                    .contains("full collections: 3")
                    .anyMatch(line -> line.contains("60 MB of 64 MB")));
  }

  @Test
  void aHealthyJvmHasNoFinding() {
    assertThat(Findings.of(gc(2_400, 2))).isEmpty();
  }
}
