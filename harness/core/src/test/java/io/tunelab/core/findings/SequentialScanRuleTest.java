package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.DataKnobs;
import java.util.List;
import org.junit.jupiter.api.Test;

class SequentialScanRuleTest {
  private static final TopStatement LOOKUP =
      new TopStatement(
          "SELECT value FROM xref_data WHERE xref_table_name = $1 AND value = $2",
          1_000,
          900,
          1_000,
          50_000,
          0);
  private static final TopStatement INSERT =
      new TopStatement("INSERT INTO xref_data VALUES ($1, $2)", 100, 5, 100, 300, 0);

  private static RunData scans(TableScans table, TopStatement... statements) {
    return RunData.empty(60_000)
        .withAll(TableScans.class, List.of(table))
        .withAll(TopStatement.class, List.of(statements));
  }

  @Test
  void manySequentialScansForFewRowsNameTheTableAndItsTopStatement() {
    TableScans xref = new TableScans("xref_data", 1_000, 720_000, 0, 720);

    assertThat(Findings.of(scans(xref, INSERT, LOOKUP)))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.SEQUENTIAL_SCAN);
              assertThat(f.subject()).isEqualTo("xref_data");
              assertThat(f.message()).contains("1000 sequential scans (720 rows each)");
              assertThat(f.evidence())
                  .anyMatch(line -> line.contains("SELECT value FROM xref_data"));
              assertThat(f.candidates()).containsExactly(Candidate.set(DataKnobs.XREF_INDEX, true));
              CandidateTest.assertKnown(f);
            });
  }

  @Test
  void aTableReadMostlyThroughItsIndexHasNoFinding() {
    TableScans xref = new TableScans("xref_data", 60, 43_200, 2_000, 720);

    assertThat(Findings.of(scans(xref, LOOKUP))).isEmpty();
  }

  /**
   * The order-to-bill flow with the index on (a tuned step's window): xref_data has no key, so its
   * index scans are the knob's indexes; proposing them again would spend a trial on the
   * configuration in place.
   */
  @Test
  void scansOfTheXrefTableBesideItsIndexScansNameThePlanNotTheIndexKnob() {
    TableScans xref = new TableScans("xref_data", 236, 2_000_000, 9_000, 8_000);

    assertThat(Findings.of(scans(xref, LOOKUP)))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.message())
                  .contains("the plan changed during the run")
                  .contains("its index is there")
                  .doesNotContain("index the columns of its predicate");
              assertThat(f.candidates()).isEmpty();
            });
  }

  /** The sort hub's sort_read in a run whose cached plan flipped to scans (numbers from it). */
  @Test
  void scansThatOutweighMoreIndexScansAreAPlanThatChangedDuringTheRun() {
    TableScans read = new TableScans("sort_read", 16_296, 424_989_748, 202_064, 109_180);
    TopStatement select =
        new TopStatement(
            "SELECT kind, confidence FROM sort_read WHERE scan_id = $1 AND seq = $2",
            109_392,
            25_225,
            109_392,
            3_812_733,
            0);

    assertThat(Findings.of(scans(read, select)))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.subject()).isEqualTo("sort_read");
              assertThat(f.message())
                  .contains("16296 sequential scans")
                  .contains("202064 index scans (the same statements ran both ways");
            });
  }

  @Test
  void aFewScansBesideManyIndexScansAreNoFindingHowEverBigTheTable() {
    // 60 scans of 10,000 rows: 600,000 rows, under the million and 3 rows per index scan
    TableScans read = new TableScans("xref_data", 60, 600_000, 200_000, 10_000);

    assertThat(Findings.of(scans(read, LOOKUP))).isEmpty();
  }

  @Test
  void aSmallTableScannedOftenHasNoFinding() {
    TableScans tiny = new TableScans("xref_data", 1_000, 20_000, 0, 20);

    assertThat(Findings.of(scans(tiny, LOOKUP))).isEmpty();
  }

  @Test
  void scansThatReturnManyRowsPerCallAreNoMissingIndex() {
    TableScans xref = new TableScans("xref_data", 1_000, 720_000, 0, 720);
    TopStatement report = new TopStatement("SELECT * FROM xref_data", 1_000, 900, 720_000, 0, 0);

    assertThat(Findings.of(scans(xref, report))).isEmpty();
  }

  @Test
  void theTopStatementMustNameTheTableAsAWord() {
    TopStatement other = new TopStatement("SELECT 1 FROM xref_data_archive", 10, 9_999, 1, 0, 0);

    assertThat(SequentialScanRule.topStatementOn("xref_data", List.of(other, LOOKUP)))
        .contains(LOOKUP);
  }
}
