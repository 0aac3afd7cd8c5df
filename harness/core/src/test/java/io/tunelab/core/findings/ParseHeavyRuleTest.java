package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ParseHeavyRuleTest {
  private static TopStatement statement(String sql, long calls, long plans, double planMillis) {
    return new TopStatement(sql, calls, calls * 0.05, calls, 0, 0, plans, planMillis);
  }

  private static RunData statements(TopStatement... statements) {
    return RunData.empty(60_000).withAll(TopStatement.class, List.of(statements));
  }

  /** Utility statements run with every request and are never planned: left out of the count. */
  private static final TopStatement BEGIN = statement("BEGIN", 1_000, 0, 0);

  private static final TopStatement COMMIT = statement("COMMIT", 1_000, 0, 0);

  @Test
  void literalSqlPlannedOnEveryCallIsParseHeavy() {
    RunData literal =
        statements(
            BEGIN,
            statement(
                "UPDATE sort_chute SET parcels = parcels + $1 WHERE chute = $2", 1_000, 1_000, 40),
            statement("INSERT INTO sort_scan VALUES ($1, $2, $3)", 1_000, 1_000, 30),
            statement("select route from sort_route where destination = $1", 3_000, 2_900, 90),
            COMMIT);

    assertThat(Findings.of(literal))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.PARSE_HEAVY);
              assertThat(f.subject()).isEqualTo("db");
              assertThat(f.message())
                  .startsWith(
                      "statements were planned 0.98 times per call (4,900 plans for 5,000 calls)")
                  .contains("planning took 39% of their time (160 ms planning, 250 ms execution)")
                  .contains("middleware.sort.sql=bind", "middleware.jdbc.prepareThreshold > 0");
              assertThat(f.evidence())
                  .hasSize(4)
                  .element(1)
                  .asString()
                  .contains("2900 plans / 3000 calls")
                  .endsWith("select route from sort_route where destination = $1");
              assertThat(f.candidates())
                  .extracting(Candidate::toString)
                  .containsExactly(
                      "middleware.sort.sql=bind needing middleware.jdbc.prepareThreshold=1,"
                          + " middleware.jdbc.statementCacheQueries=256",
                      "middleware.jdbc.prepareThreshold=1",
                      "middleware.jdbc.statementCacheQueries=256");
              CandidateTest.assertKnown(f);
            });
  }

  @Test
  void preparedStatementsPlannedOnceOrCheapPlansSayNothing() {
    RunData prepared =
        statements(
            BEGIN,
            statement(
                "UPDATE sort_chute SET parcels = parcels + $1 WHERE chute = $2", 1_000, 30, 2),
            statement("INSERT INTO sort_scan VALUES ($1, $2, $3)", 1_000, 25, 1));
    RunData planningCheap =
        RunData.empty(60_000)
            .withAll(
                TopStatement.class,
                List.of(
                    new TopStatement(
                        "SELECT * FROM sort_parcel WHERE id = $1",
                        1_000,
                        500,
                        1_000,
                        0,
                        0,
                        1_000,
                        20)));

    assertThat(Findings.of(prepared)).isEmpty();
    assertThat(Findings.of(planningCheap)).isEmpty();
  }

  @Test
  void fewCallsNoStatementsOrPlanningNotTrackedSayNothing() {
    RunData few = statements(statement("UPDATE sort_chute SET parcels = 1", 199, 199, 50));
    RunData untracked =
        statements(
            new TopStatement(
                "UPDATE sort_chute SET parcels = parcels + $1", 5_000, 250, 5_000, 0, 0));

    assertThat(Findings.of(few)).isEmpty();
    assertThat(Findings.of(untracked)).isEmpty();
    assertThat(Findings.of(RunData.empty(60_000))).isEmpty();
  }
}
