package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class RowContentionRuleTest {
  @Test
  void rowLockAndBufferWaitsOverAFifthOfActiveSessionsNameTheirTables() {
    WaitProfile waits =
        new WaitProfile(
            100,
            Map.of("Lock:transactionid", 18L, "LWLock:BufferContent", 7L, "CPU", 75L),
            Map.of(
                "Lock:transactionid", Map.of("sort_chute", 15L, "sort_route", 3L),
                "LWLock:BufferContent", Map.of("sort_chute", 5L),
                "CPU", Map.of("sort_parcel", 40L)));

    assertThat(Findings.of(RunData.empty(60_000).with(waits)))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.ROW_CONTENTION);
              assertThat(f.subject()).isEqualTo("sort_chute");
              assertThat(f.message())
                  .startsWith(
                      "25% of active database sessions waited on row locks or buffer content")
                  .contains("Lock:transactionid, LWLock:BufferContent")
                  .contains("on sort_chute 80%, sort_route 12% of those waits")
                  .contains("db.sort.fillFactor")
                  .doesNotContain("sort_parcel");
              assertThat(f.evidence())
                  .contains(
                      "ash.csv active client sessions: 100 samples",
                      "ash.csv relation sort_chute: 20 samples");
              assertThat(f.candidates())
                  .extracting(Candidate::toString)
                  .containsExactly(
                      "db.sort.fillFactor down",
                      "middleware.sort.serverThreads down",
                      "middleware.jdbc.poolSize down");
              CandidateTest.assertKnown(f);
            });
  }

  @Test
  void fewRowWaitsOrFewSamplesSayNothing() {
    WaitProfile some = new WaitProfile(100, Map.of("Lock:tuple", 19L, "CPU", 81L));
    WaitProfile few = new WaitProfile(19, Map.of("Lock:transactionid", 19L));
    WaitProfile otherLocks = new WaitProfile(100, Map.of("Lock:relation", 60L, "CPU", 40L));

    assertThat(Findings.of(RunData.empty(60_000).with(some))).isEmpty();
    assertThat(Findings.of(RunData.empty(60_000).with(few))).isEmpty();
    assertThat(Findings.of(RunData.empty(60_000).with(otherLocks))).isEmpty();
    assertThat(Findings.of(RunData.empty(60_000))).isEmpty();
  }

  @Test
  void waitsWhoseTablesWereNotNamedAreAboutTheDatabase() {
    WaitProfile waits = new WaitProfile(40, Map.of("LWLock:buffer_content", 10L, "CPU", 30L));

    assertThat(Findings.of(RunData.empty(60_000).with(waits)))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.subject()).isEqualTo("db");
              assertThat(f.message()).contains("on tables the samples did not name");
            });
  }
}
