package io.tunelab.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IdleEndTest {
  @Test
  void arrivalsHandedToTheExecutorButNotYetRunningKeepTheRunGoing() {
    // a verify's sort round: 60 arrivals due and handed over, none of their threads run yet
    assertThat(IdleEnd.quiet(0, 0, 60)).isFalse();
    assertThat(IdleEnd.quiet(60, 0, 1)).isFalse();
  }

  @Test
  void aRunningArrivalKeepsTheRunGoing() {
    assertThat(IdleEnd.quiet(60, 1, 1)).isFalse();
  }

  @Test
  void beforeAnyArrivalRanTheTrailingPauseStays() {
    assertThat(IdleEnd.quiet(0, 0, 0)).isFalse();
  }

  @Test
  void everyArrivalRunAndFinishedIsQuiet() {
    assertThat(IdleEnd.quiet(60, 0, 0)).isTrue();
  }
}
