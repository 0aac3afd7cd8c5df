package io.tunelab.core.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RoundTripPaceTest {
  @Test
  void everyByteSentComesBack() {
    try (RoundTripPace pace = new RoundTripPace("round-trip-test")) {
      assertThat(pace.trips(300)).isEqualTo(300);
      assertThat(pace.trips(1)).isEqualTo(1);
    }
  }

  @Test
  void closingEndsTheEchoingThread() throws InterruptedException {
    RoundTripPace pace = new RoundTripPace("round-trip-close-test");
    assertThat(pace.echoing()).isTrue();
    pace.close();
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (pace.echoing() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(pace.echoing()).isFalse();
  }
}
