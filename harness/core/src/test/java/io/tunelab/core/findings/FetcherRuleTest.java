package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FetcherRuleTest {
  /**
   * 30 one-second samples of {@code fetchers} fetchers with this triple: polls, empty polls and
   * picked orders rising at the given rates, {@code waiting} NEW rows in the inbox throughout.
   */
  private static RunData fetchers(
      int fetchers,
      int pollingMillis,
      int poolSize,
      double pollsPerSecond,
      double emptyPerSecond,
      double pickedPerSecond,
      double waiting) {
    return RunData.empty(30_000)
        .with(
            new FetcherData(
                fetchers,
                pollingMillis,
                0,
                poolSize,
                Series.line(30, 100, pollsPerSecond),
                Series.line(30, 10, emptyPerSecond),
                Series.line(30, 500, pickedPerSecond),
                Series.flat(30, waiting)));
  }

  @Test
  void fullPollsWhileOrdersWaitMakeTheFetchersTheLimit() {
    // 2 fetchers polling about once a second each, 10 rows a poll: 20 orders/s at most
    List<Finding> findings = Findings.of(fetchers(2, 1000, 10, 2, 0, 20, 150));

    assertThat(findings).extracting(Finding::kind).containsExactly(FindingKind.FETCHER_LIMIT);
    assertThat(findings.get(0).message())
        .contains("their polls came back full (10 orders each)")
        .contains(
            "2 fetchers with 1000 ms of pauses per poll (pollingMillis 1000 + 9 x submitMillis 0)"
                + " can take at most 20.0 orders/s (1200/min), and polling every 1000 ms each took"
                + " 20.0/s (1200/min)")
        .contains("raise middleware.fetcher.poolSize or middleware.fetchers");
    assertThat(findings.get(0).evidence())
        .anyMatch(line -> line.contains("58 polls in 29 s (2.0/s) by 2 fetchers"))
        .anyMatch(line -> line.contains("10.0 per poll of at most 10"))
        .anyMatch(line -> line.contains("db.inbox NEW: mean 150.0"));
    assertThat(findings.get(0).candidates())
        .extracting(Candidate::toString)
        .containsExactly(
            "middleware.fetcher.poolSize up",
            "middleware.fetchers up",
            "middleware.fetcher.pollingMillis down",
            "middleware.fetcher.submitMillis down");
    CandidateTest.assertKnown(findings.get(0));
  }

  @Test
  void theLimitSaysWhenTheEngineThreadsIdleMeanwhile() {
    RunData data =
        fetchers(1, 1000, 10, 1, 0, 10, 80)
            .with(new EngineData(4, 16, Series.flat(30, 1), Series.flat(30, 0)));

    assertThat(Findings.of(data))
        .singleElement()
        .satisfies(
            finding ->
                assertThat(finding.message())
                    .contains("(the 4 engine threads busy 25% of the window)"));
  }

  @Test
  void thePollsAfterTheInboxRanDryDoNotHideTheLimit() {
    // BatchOrderRunIT's starved step: one fetcher, 2 rows a poll every 400 ms, 30 orders waiting at
    // the start; they wait 6 s, then the window runs 5 s more while the engine finishes, and the
    // polls of that tail find nothing (30 orders in 25 polls: 1.2 a poll over the window)
    RunData data =
        RunData.empty(11_000)
            .with(
                new FetcherData(
                    1,
                    400,
                    0,
                    2,
                    Series.line(11, 0, 2.5),
                    Series.of(0, 0, 0, 0, 0, 0, 2.5, 5, 7.5, 10, 12.5),
                    Series.of(0, 5, 10, 15, 20, 25, 30, 30, 30, 30, 30),
                    Series.of(30, 25, 20, 15, 10, 5, 0, 0, 0, 0, 0)));

    assertThat(Findings.of(data))
        .extracting(Finding::kind)
        .containsExactly(FindingKind.FETCHER_LIMIT);
    assertThat(Findings.of(data).get(0).evidence())
        .anyMatch(line -> line.contains("1.2 per poll of at most 2"))
        .anyMatch(line -> line.contains("while 2 or more orders waited: 13 polls picked 2.0 each"));
  }

  @Test
  void fullPollsWithNothingLeftWaitingAreNoLimit() {
    // the fetchers keep up: every poll is full, yet the inbox is empty between them
    assertThat(Findings.of(fetchers(2, 1000, 10, 2, 0, 20, 0))).isEmpty();
  }

  @Test
  void mostPollsFindingNothingIsChurn() {
    // 4 fetchers polling every 100 ms: 40 polls/s, 36 of them empty, 4 orders/s arrive
    List<Finding> findings = Findings.of(fetchers(4, 100, 10, 40, 36, 4, 0));

    assertThat(findings).extracting(Finding::kind).containsExactly(FindingKind.POLLING_CHURN);
    assertThat(findings.get(0).message())
        .contains("90% of the 1160 polls (40.0 a second) found order_inbox empty")
        .contains(
            "raise middleware.fetcher.pollingMillis (now 100 ms) or use fewer fetchers (now 4)")
        .contains("a poll every 10000 ms would still find up to 10");
    assertThat(findings.get(0).candidates())
        .extracting(Candidate::toString)
        .containsExactly("middleware.fetcher.pollingMillis up", "middleware.fetchers down");
  }

  @Test
  void emptyPollsAtAGentlePaceAreNoChurn() {
    // one poll a second, most empty: one cheap query a second is no churn
    assertThat(Findings.of(fetchers(1, 1000, 10, 1, 0.9, 0.1, 0))).isEmpty();
  }

  @Test
  void aFewEmptyPollsASecondAreNoChurn() {
    // three fetchers at 550 ms, orders at 8/s: two of three polls empty, 3.5 empty polls a second
    assertThat(Findings.of(fetchers(3, 550, 10, 5.3, 3.5, 8, 0))).isEmpty();
  }

  @Test
  void partlyFilledPollsAreHealthy() {
    assertThat(Findings.of(fetchers(2, 500, 10, 4, 1, 20, 3))).isEmpty();
  }

  @Test
  void queueIntakeOrTooFewSamplesGiveNoFinding() {
    assertThat(Findings.of(RunData.empty(30_000))).isEmpty();
    RunData short_ =
        RunData.empty(3_000)
            .with(
                new FetcherData(
                    1,
                    1000,
                    0,
                    10,
                    Series.line(3, 0, 1),
                    Series.line(3, 0, 0),
                    Series.line(3, 0, 10),
                    Series.flat(3, 50)));
    assertThat(Findings.of(short_)).isEmpty();
  }
}
