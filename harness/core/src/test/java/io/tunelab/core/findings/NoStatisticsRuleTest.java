package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.DataKnobs;
import java.util.List;
import org.junit.jupiter.api.Test;

class NoStatisticsRuleTest {
  private static RunData with(TableStatistics... tables) {
    return RunData.empty(16_000).withAll(TableStatistics.class, List.of(tables));
  }

  /** 1,000 seeded customers, db.analyze off, autoanalyze kept off: the soak's first try. */
  @Test
  void sizableTablesWithoutStatisticsAreNamedLargestFirstAndAnalyzeIsProposed() {
    RunData data =
        with(
            new TableStatistics("customer", 1000, 0),
            new TableStatistics("xref_data", 3000, 0),
            new TableStatistics("order_receipt", 40, 0),
            new TableStatistics("process_instance", 5000, 7));

    assertThat(Findings.of(data))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.NO_STATISTICS);
              assertThat(f.subject()).isEqualTo("xref_data");
              assertThat(f.message())
                  .contains("no statistics of 2 tables (xref_data (3,000 rows), customer (1,000")
                  .contains("db.analyze=on");
              assertThat(f.evidence())
                  .containsExactly(
                      "db-snapshot.json tables xref_data: n_live_tup 3000, statistics_columns 0",
                      "db-snapshot.json tables customer: n_live_tup 1000, statistics_columns 0");
              assertThat(f.candidates())
                  .containsExactly(
                      Candidate.set(DataKnobs.ANALYZE, true),
                      Candidate.set(DataKnobs.AUTOANALYZE, true));
              CandidateTest.assertKnown(f);
            });
  }

  /**
   * The audit trail the middleware only appends to (no plan reads it), and the delivery table read
   * only by its key (figures from an order-to-bill window): no guess cost anything.
   */
  @Test
  void aTableNoSequentialScanReadIsNotNamed() {
    RunData data =
        with(
                new TableStatistics("audit_detail", 13377, 0),
                new TableStatistics("delivery_message", 1448, 0),
                new TableStatistics("xref_data", 3000, 0))
            .withAll(
                TableScans.class,
                List.of(
                    new TableScans("audit_detail", 0, 0, 0, 13377),
                    new TableScans("delivery_message", 0, 0, 2930, 1448),
                    new TableScans("xref_data", 236, 708_000, 11483, 3000)));

    assertThat(Findings.of(data))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.subject()).isEqualTo("xref_data");
              assertThat(f.message()).doesNotContain("audit_detail").doesNotContain("delivery");
            });
  }

  @Test
  void analyzedOrSmallTablesHaveNoFinding() {
    assertThat(
            Findings.of(
                with(
                    new TableStatistics("xref_data", 3000, 5),
                    new TableStatistics("customer", 999, 0))))
        .isEmpty();
    assertThat(Findings.of(RunData.empty(16_000))).isEmpty();
  }
}
