package io.tunelab.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
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
  void closingEndsTheEchoingThread() {
    RoundTripPace pace = new RoundTripPace("round-trip-close-test");
    assertThat(pace.echoing()).isTrue();
    pace.close();
    await().atMost(Duration.ofSeconds(5)).until(() -> !pace.echoing());
  }
}
