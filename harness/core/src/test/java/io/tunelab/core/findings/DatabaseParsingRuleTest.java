package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.MiddlewareKnobs;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The tuned sort hub at 14,000 requests/min (bind variables, the statement cache, parsing in the
 * database): its top statements in one window of run 20261201-015426-hub-tuned-vs-study, rounded.
 */
class DatabaseParsingRuleTest {
  private static final TopStatement READS =
      new TopStatement(
          "SELECT seq, kind, value, confidence FROM sort_parse_reads($1)", 4_666, 1_334, 0, 0, 0);
  private static final TopStatement HEADER =
      new TopStatement(
          "SELECT msg_type, device_id, barcode, scanned_at, destination FROM"
              + " sort_parse_header($1)",
          4_666,
          408,
          4_666,
          0,
          0);
  private static final List<TopStatement> REST =
      List.of(
          new TopStatement(
              "INSERT INTO sort_read (scan_id, seq, kind, value, confidence) VALUES ($1, $2, $3,"
                  + " $4, $5)",
              85_547,
              1_255,
              85_547,
              0,
              0),
          new TopStatement(
              "UPDATE sort_read SET status = $1 WHERE scan_id = $2 AND seq = $3",
              85_547,
              1_239,
              85_547,
              0,
              0),
          new TopStatement(
              "SELECT kind, confidence FROM sort_read WHERE scan_id = $1 AND seq = $2",
              85_547,
              416,
              85_547,
              0,
              0),
          new TopStatement("INSERT INTO sort_parcel VALUES ($1, $2)", 4_666, 884, 4_666, 0, 0));

  private static RunData statements(List<TopStatement> statements) {
    return RunData.empty(20_000).withAll(TopStatement.class, statements);
  }

  @Test
  void parseFunctionsTakingAThirdOfTheStatementTimeProposeParsingInTheMiddleware() {
    List<TopStatement> all = new java.util.ArrayList<>(REST);
    all.add(READS);
    all.add(HEADER);

    assertThat(Findings.of(statements(all)))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.DATABASE_PARSING);
              assertThat(f.subject()).isEqualTo("db");
              assertThat(f.message())
                  .contains("its parse functions took 31.5% of the statements' time")
                  .contains("(1742 of 5536 ms, 9332 calls)");
              assertThat(f.evidence()).hasSize(2).first().asString().contains("sort_parse_reads");
              assertThat(f.candidates())
                  .containsExactly(
                      Candidate.set(
                          MiddlewareKnobs.SORT_PARSE_IN, MiddlewareKnobs.ParseIn.MIDDLEWARE));
              CandidateTest.assertKnown(f);
            });
  }

  /** The study ladder's end parses in the middleware: no parse function is called. */
  @Test
  void noParseCallsOrAFewCheapOnesAreNoFinding() {
    assertThat(Findings.of(statements(REST))).isEmpty();
    List<TopStatement> cheap = new java.util.ArrayList<>(REST);
    cheap.add(
        new TopStatement(
            "SELECT seq FROM sort_parse_reads($1)", 4_666, 300, 0, 0, 0)); // 5.6% of the time
    assertThat(Findings.of(statements(cheap))).isEmpty();
    assertThat(
            Findings.of(
                statements(
                    List.of(new TopStatement("SELECT sort_parse_reads($1)", 50, 900, 0, 0, 0)))))
        .isEmpty();
  }
}
