package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.measure.DeadlineMisses;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeadlineMissRuleTest {
  private static final List<TopStatement> STATEMENTS =
      List.of(
          new TopStatement(
              "UPDATE sort_chute SET parcels = parcels + $1 WHERE chute = $2",
              1_800,
              5_400,
              1_800,
              0,
              0),
          new TopStatement(
              "INSERT INTO sort_parcel (barcode, device) VALUES ($1, $2)",
              1_800,
              1_800,
              1_800,
              0,
              0),
          new TopStatement(
              "SELECT route FROM sort_route WHERE destination = $1", 5_400, 2_700, 5_400, 0, 0),
          new TopStatement("SELECT nextval($1)", 1_800, 360, 1_800, 0, 0),
          new TopStatement("ANALYZE sort_parcel", 1, 900, 0, 0, 0));

  private static RunData missed(long requests, long late, long failed, double maxPercent) {
    double percent = requests == 0 ? 100 : 100.0 * (late + failed) / requests;
    return RunData.empty(90_000)
        .withAll(TopStatement.class, STATEMENTS)
        .with(new DeadlineMisses(2_000, requests, late, failed, percent, maxPercent));
  }

  @Test
  void missesOverTheLimitNameTheShareTheCountsAndTheSlowestStatements() {
    assertThat(Findings.of(missed(1_800, 70, 6, 1)))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.DEADLINE_MISSES);
              assertThat(f.message())
                  .startsWith(
                      "4.22% of 1,800 requests missed the 2000 ms deadline: 70 late, 6 failed"
                          + " (workload.maxMissPercent 1%)")
                  .contains("3.00 ms x 1,800 (UPDATE sort_chute")
                  .contains(
                      "middleware.sort.sql=bind",
                      "db.sequence.cache",
                      "workload.arrivalsPerMinute");
              // the slowest three by mean, the one-off ANALYZE left out
              assertThat(f.evidence())
                  .hasSize(4)
                  .first()
                  .asString()
                  .contains("1800 requests, 70 late, 6 failed, 4.22% missed");
              assertThat(f.evidence().subList(1, 4))
                  .extracting(line -> line.replaceAll(".*: ", ""))
                  .containsExactly(
                      STATEMENTS.get(0).query(),
                      STATEMENTS.get(1).query(),
                      STATEMENTS.get(2).query());
              // the arrival rate is the load's: no candidate
              assertThat(f.candidates())
                  .extracting(Candidate::knob)
                  .containsExactly(
                      "middleware.sort.sql",
                      "middleware.sort.parseIn",
                      "middleware.jdbc.prepareThreshold",
                      "middleware.jdbc.statementCacheQueries",
                      "db.sequence.cache");
              CandidateTest.assertKnown(f);
            });
  }

  @Test
  void missesAtTheLimitSayNothing() {
    assertThat(Findings.of(missed(1_000, 8, 2, 1))).isEmpty();
  }

  @Test
  void noDeadlineOrNoRequestsSayNothingAndNoStatementsStillNameTheMisses() {
    assertThat(Findings.of(RunData.empty(90_000))).isEmpty();
    assertThat(Findings.of(missed(0, 0, 0, 1))).isEmpty();
    RunData withoutStatements =
        RunData.empty(90_000).with(new DeadlineMisses(25, 120, 30, 0, 25, 1));
    assertThat(Findings.of(withoutStatements))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.message()).startsWith("25% of 120 requests missed the 25 ms deadline");
              assertThat(f.evidence()).hasSize(1);
            });
  }
}
