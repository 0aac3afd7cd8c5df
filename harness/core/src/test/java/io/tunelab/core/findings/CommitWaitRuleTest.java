package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CommitWaitRuleTest {
  @Test
  void walWaitsOverAThirdOfActiveSessionsAreCommitWaits() {
    WaitProfile waits =
        new WaitProfile(100, Map.of("IO:WALSync", 25L, "LWLock:WALWrite", 10L, "CPU", 65L));

    assertThat(Findings.of(RunData.empty(60_000).with(waits)))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.COMMIT_WAITS);
              assertThat(f.message()).startsWith("35% of active database sessions");
              assertThat(f.candidates())
                  .extracting(Candidate::toString)
                  .containsExactly("db.server.synchronous_commit=off");
              CandidateTest.assertKnown(f);
            });
  }

  @Test
  void fewWalWaitsOrFewSamplesSayNothing() {
    WaitProfile some = new WaitProfile(100, Map.of("IO:WALSync", 29L, "CPU", 71L));
    WaitProfile few = new WaitProfile(19, Map.of("IO:WALSync", 19L));

    assertThat(Findings.of(RunData.empty(60_000).with(some))).isEmpty();
    assertThat(Findings.of(RunData.empty(60_000).with(few))).isEmpty();
  }
}
