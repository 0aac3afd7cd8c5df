package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.DataKnobs;
import java.util.List;
import org.junit.jupiter.api.Test;

class AutoanalyzeRuleTest {
  private static RunData analyzed(TableAnalyzes... tables) {
    return RunData.empty(16_000).withAll(TableAnalyzes.class, List.of(tables));
  }

  /** The first window of benchmarks/autoanalyze-timing.yaml with db.autoanalyze=on. */
  @Test
  void autoanalyzesInTheWindowNameTheTablesMostAnalyzedFirstAndProposeKeepingThemOff() {
    RunData data =
        analyzed(
            new TableAnalyzes("customer", 0),
            new TableAnalyzes("order_receipt", 1),
            new TableAnalyzes("xref_data", 2),
            new TableAnalyzes("audit_detail", 1));

    assertThat(Findings.of(data))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.AUTOANALYZE_IN_WINDOW);
              assertThat(f.subject()).isEqualTo("xref_data");
              assertThat(f.message())
                  .contains(
                      "statistics of 3 tables inside the window (xref_data 2 times,"
                          + " audit_detail once, order_receipt once)")
                  .contains("db.autoanalyze=off");
              assertThat(f.evidence())
                  .containsExactly(
                      "db-snapshot.json tables xref_data: autoanalyze_count +2",
                      "db-snapshot.json tables audit_detail: autoanalyze_count +1",
                      "db-snapshot.json tables order_receipt: autoanalyze_count +1");
              assertThat(f.candidates())
                  .containsExactly(Candidate.set(DataKnobs.AUTOANALYZE, false));
              CandidateTest.assertKnown(f);
            });
  }

  @Test
  void aWindowWithoutAutoanalyzeHasNoFinding() {
    assertThat(Findings.of(analyzed(new TableAnalyzes("xref_data", 0)))).isEmpty();
    assertThat(Findings.of(RunData.empty(16_000))).isEmpty();
  }
}
