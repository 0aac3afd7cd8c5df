package io.tunelab.core.findings;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConnectionRuleTest {
  private static RunData connections(int peak, long samplesWithWaiters) {
    return RunData.empty(60_000)
        .withConnections(new Connections(100, peak, 60, samplesWithWaiters, 7));
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
  void roomToSpareSaysNothing() {
    assertThat(Findings.of(connections(89, 11))).isEmpty();
  }
}
