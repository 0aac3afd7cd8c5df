package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.MiddlewareKnobs;
import io.tunelab.core.measure.JfrProfile;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HotMonitorRuleTest {
  private static RunData recorded(double seconds, JfrProfile.Monitor... monitors) {
    return RunData.empty((long) (seconds * 1000))
        .with(
            new JfrProfile(
                "middleware.jfr",
                "default",
                seconds,
                new JfrProfile.GcSummary(0, 0, 0, Map.of()),
                Map.of(),
                List.of(),
                List.of(monitors),
                List.of()));
  }

  @Test
  void threadsBlockedATenthOfTheWindowOnOneMonitorNameItWhereAndTheKnob() {
    // 3 s of waiting in a 20 s window: 0.15 threads blocked on average
    RunData data =
        recorded(
            20,
            new JfrProfile.Monitor(
                "java.io.BufferedWriter",
                "io.tunelab.middleware.diagnostics.Diagnostics.activity",
                400,
                3000,
                35),
            new JfrProfile.Monitor("a.Quiet", "a.Quiet.run", 50, 1000, 30));

    List<Finding> found = new HotMonitorRule().apply(data);

    assertThat(found)
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.kind()).isEqualTo(FindingKind.HOT_MONITOR);
              assertThat(f.subject()).isEqualTo("middleware: java.io.BufferedWriter");
              assertThat(f.message())
                  .contains("waited 3.0 s in 20 s")
                  .contains("Diagnostics.activity")
                  .contains("0.15 threads blocked")
                  .contains("middleware.diagnostics=off");
              assertThat(f.evidence().get(0)).contains("400 waits").contains("middleware.jfr");
            });
  }

  @Test
  void aWindowNotRecordedOrALockRarelyWaitedForIsNoFinding() {
    assertThat(new HotMonitorRule().apply(RunData.empty(20_000))).isEmpty();
    assertThat(
            new HotMonitorRule()
                .apply(recorded(20, new JfrProfile.Monitor("a.Lock", "a.B.c", 3, 5000, 2000))))
        .as("three long waits are a pause, not a queue")
        .isEmpty();
  }

  @Test
  void theReliefFollowsWhatTheLockIs() {
    assertThat(
            HotMonitorRule.relief(
                new JfrProfile.Monitor("com.zaxxer.hikari.pool.X", "a.b", 9, 1, 1)))
        .contains("middleware.jdbc.poolSize");
    assertThat(
            HotMonitorRule.relief(
                new JfrProfile.Monitor(
                    "java.lang.Object", "org.apache.logging.log4j.Foo.log", 9, 1, 1)))
        .contains("logging");
    assertThat(HotMonitorRule.relief(new JfrProfile.Monitor("a.Cache", "a.Cache.get", 9, 1, 1)))
        .contains("jfr print");
  }

  @Test
  void aLockAKnobRelievesProposesIt() {
    assertThat(
            HotMonitorRule.candidates(
                new JfrProfile.Monitor("io.tunelab.middleware.Diagnostics", "a.b", 9, 1, 1)))
        .containsExactly(Candidate.set(MiddlewareKnobs.DIAGNOSTICS, false));
    assertThat(
            HotMonitorRule.candidates(
                new JfrProfile.Monitor("com.zaxxer.hikari.pool.X", "a.b", 9, 1, 1)))
        .containsExactly(Candidate.raise(MiddlewareKnobs.JDBC_POOL_SIZE));
    assertThat(HotMonitorRule.candidates(new JfrProfile.Monitor("a.Cache", "a.Cache.get", 9, 1, 1)))
        .as("code to change, no knob")
        .isEmpty();
  }
}
