package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.DbKnobs;
import io.tunelab.core.knobs.MiddlewareKnobs;
import org.junit.jupiter.api.Test;

class ConnectionRuleTest {
  private static RunData connections(int peak, long samplesWithWaiters) {
    return RunData.empty(60_000).with(new Connections(100, peak, 60, samplesWithWaiters, 7, 0));
  }

  @Test
  void connectionsNearMaxConnectionsAreALimit() {
    assertThat(Findings.of(connections(90, 0)))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.subject()).isEqualTo("db");
              assertThat(f.message()).contains("90 of max_connections=100");
            });
  }

  @Test
  void threadsOftenWaitingForThePoolAreALimit() {
    assertThat(Findings.of(connections(20, 12)))
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.subject()).isEqualTo("middleware");
              assertThat(f.message()).contains("20% of the samples (up to 7");
            });
  }

  @Test
  void refusedConnectionsAreTheLimitEvenBelowTheServersPeak() {
    // a role's slots (max_connections less the superuser-reserved ones) run out before the peak
    // of all sessions reaches 90%
    RunData refused = RunData.empty(60_000).with(new Connections(6, 5, 60, 30, 8, 412));
    assertThat(Findings.of(refused))
        .hasSize(2)
        .allSatisfy(f -> assertThat(f.kind()).isEqualTo(FindingKind.CONNECTION_LIMIT))
        .anySatisfy(
            f -> {
              assertThat(f.subject()).isEqualTo("db");
              assertThat(f.message())
                  .contains("refused the middleware's pool 412 connections")
                  .contains("db.server.max_connections");
              assertThat(f.evidence())
                  .contains("series middleware.jdbcConnectionRefusals: 412 since its start");
              assertThat(f.candidates())
                  .containsExactly(
                      Candidate.raise(DbKnobs.MAX_CONNECTIONS),
                      Candidate.lower(MiddlewareKnobs.JDBC_POOL_SIZE));
            })
        .anySatisfy(
            f -> {
              // waiting threads, but a bigger pool would only be refused too
              assertThat(f.subject()).isEqualTo("middleware");
              assertThat(f.message())
                  .contains("would not help")
                  .doesNotContain("raise middleware.jdbc.poolSize");
              assertThat(f.candidates()).containsExactly(Candidate.raise(DbKnobs.MAX_CONNECTIONS));
            });
  }

  @Test
  void roomToSpareSaysNothing() {
    assertThat(Findings.of(connections(89, 11))).isEmpty();
  }
}
