package io.tunelab.core.tune;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.findings.Candidate;
import io.tunelab.core.findings.Finding;
import io.tunelab.core.findings.FindingKind;
import io.tunelab.core.findings.Findings;
import io.tunelab.core.findings.RunData;
import io.tunelab.core.findings.TableScans;
import io.tunelab.core.findings.TableStatistics;
import io.tunelab.core.findings.TopStatement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CandidateRankingTest {
  private static final Candidate ENGINE =
      new Candidate("middleware.engine.threads", Candidate.Move.RAISE, List.of());
  private static final Candidate INDEX =
      new Candidate("db.xrefIndex", Candidate.Move.SET, List.of("true"));
  private static final Candidate BIND =
      new Candidate("middleware.sort.sql", Candidate.Move.SET, List.of("bind"));
  private static final Candidate MOCKS =
      new Candidate("mocks.containerThreads", Candidate.Move.LOWER, List.of());

  private static Finding finding(FindingKind kind, String subject, Candidate... candidates) {
    return new Finding(kind, subject, "m", List.of(), List.of(candidates));
  }

  private static Finding saturated(String tier) {
    return finding(FindingKind.CPU_SATURATED, tier);
  }

  @Test
  void theLimitingTiersCandidatesComeBeforeThoseOfABacklogSeenFirst() {
    // the untuned order-to-bill study: a queue's backlog in the first repetition only, the
    // database saturated in every one, its sequential scans asking for the index
    Finding backlog = finding(FindingKind.QUEUE_BACKLOG, "tunelab.update-crm", ENGINE);
    Finding scans = finding(FindingKind.SEQUENTIAL_SCAN, "xref_data", INDEX);
    Finding engine = finding(FindingKind.ENGINE_SATURATED, "engine", ENGINE);
    List<List<Finding>> reps =
        List.of(
            List.of(backlog, saturated("db"), scans, engine),
            List.of(saturated("db"), scans, engine),
            List.of(saturated("db"), scans, engine));

    assertThat(CandidateRanking.limitingTier(reps)).contains("db");
    assertThat(CandidateRanking.rank(reps, null)).containsExactly(INDEX, ENGINE);
  }

  /**
   * The order-to-bill study with the index: the database saturated, its time mostly the
   * middleware's instance records, which the middleware's knobs cut; a queue's backlog asked for
   * engine threads first.
   */
  @Test
  void aMiddlewareKnobThatAFindingAboutTheLimitingTierProposesComesBeforeABacklogs() {
    Candidate transientInstances =
        new Candidate("middleware.instance.persistence", Candidate.Move.SET, List.of("faulted"));
    Finding backlog = finding(FindingKind.QUEUE_BACKLOG, "tunelab.orchestration", ENGINE);
    Finding records = finding(FindingKind.INSTANCE_RECORDS, "db", transientInstances);
    List<List<Finding>> reps =
        List.of(
            List.of(backlog, saturated("db"), records), List.of(backlog, saturated("db"), records));

    assertThat(CandidateRanking.rank(reps, null)).containsExactly(transientInstances, ENGINE);
  }

  /**
   * The same study a trial later: the records and a table scanned without statistics both on the
   * saturated database in every repetition; the records take its work, the statistics refine its
   * plans, so transient instances come first (a tune spent its second trial on autoanalyze).
   */
  @Test
  void theInstanceRecordsComeBeforeTheStatisticsOfATableOnTheSameTier() {
    RunData data =
        RunData.empty(60_000)
            .withAll(
                TopStatement.class,
                List.of(
                    new TopStatement(
                        "INSERT INTO instance_state (instance_id, stage) VALUES ($1, $2)",
                        1530,
                        1432,
                        1530,
                        0,
                        0),
                    new TopStatement(
                        "SELECT value FROM xref_data WHERE value = $1", 6144, 193, 6144, 0, 0)))
            .withAll(TableStatistics.class, List.of(new TableStatistics("customer", 1000, 0)))
            .withAll(TableScans.class, List.of(new TableScans("customer", 40, 40_000, 0, 1000)));
    List<Finding> found = new ArrayList<>(Findings.of(data));
    found.add(saturated("db"));
    assertThat(found)
        .extracting(Finding::kind)
        .contains(FindingKind.INSTANCE_RECORDS, FindingKind.NO_STATISTICS);

    assertThat(CandidateRanking.rank(List.of(found, found), null))
        .extracting(Candidate::knob)
        .startsWith("middleware.instance.persistence", "db.analyze", "db.autoanalyze");
  }

  @Test
  void theGoalsOwnFindingComesFirstEvenOffTheLimitingTier() {
    Finding deadline = finding(FindingKind.DEADLINE_MISSES, "deadline", BIND);
    Finding scans = finding(FindingKind.SEQUENTIAL_SCAN, "sort_read", INDEX);
    List<List<Finding>> reps = List.of(List.of(saturated("db"), scans, deadline));

    assertThat(CandidateRanking.rank(reps, FindingKind.DEADLINE_MISSES))
        .containsExactly(BIND, INDEX);
    assertThat(CandidateRanking.rank(reps, null)).containsExactly(INDEX, BIND);
  }

  @Test
  void withoutASaturatedTierWhatMoreRepetitionsProposedComesFirstThenTheOrderOfArrival() {
    Finding heavy = finding(FindingKind.HARNESS_HEAVY, "mocks", MOCKS);
    Finding engine = finding(FindingKind.ENGINE_SATURATED, "engine", ENGINE);
    Finding scans = finding(FindingKind.SEQUENTIAL_SCAN, "xref_data", INDEX);
    List<List<Finding>> reps =
        List.of(List.of(heavy, scans), List.of(engine, scans), List.of(engine, heavy));

    assertThat(CandidateRanking.limitingTier(reps)).isEmpty();
    // each proposed in two repetitions: the order they first came
    assertThat(CandidateRanking.rank(reps, null)).containsExactly(MOCKS, INDEX, ENGINE);
    assertThat(CandidateRanking.rank(List.of(List.of(heavy), List.of(engine, heavy)), null))
        .containsExactly(MOCKS, ENGINE);
  }

  @Test
  void aMachineSaturatedByNoTierNamesNoLimitAndNoFindingsProposeNothing() {
    List<List<Finding>> reps = List.of(List.of(saturated("machine")));

    assertThat(CandidateRanking.limitingTier(reps)).isEmpty();
    assertThat(CandidateRanking.rank(reps, null)).isEmpty();
    assertThat(CandidateRanking.rank(List.of(), null)).isEmpty();
  }

  /** What a tune's page says proposed each trial's change: the findings and in how many. */
  @Test
  void theFindingsThatProposedEachCandidateAreNamedWithTheirRepetitions() {
    Finding scans = finding(FindingKind.SEQUENTIAL_SCAN, "xref_data", INDEX);
    Finding backlog = finding(FindingKind.QUEUE_BACKLOG, "tunelab.orchestration", ENGINE);
    Finding engine = finding(FindingKind.ENGINE_SATURATED, "middleware", ENGINE);

    java.util.Map<Candidate, String> proposers =
        CandidateRanking.proposers(
            List.of(List.of(scans, backlog), List.of(scans, engine, backlog), List.of(scans)));

    assertThat(proposers)
        .containsEntry(INDEX, "SEQUENTIAL_SCAN in 3 of 3 repetitions")
        .containsEntry(ENGINE, "QUEUE_BACKLOG in 2 of 3 repetitions, ENGINE_SATURATED in 1 of 3");
  }
}
