package io.tunelab.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ArrivalRateTest {
  private static final long T0 = 1_795_000_000_000L;

  @Test
  void arrivalsAreDueAtAnEvenSpacingFromTheScheduleStart() {
    ArrivalRate rate = new ArrivalRate(600);

    assertThat(rate.dueMillis(T0, 1)).isEqualTo(T0);
    assertThat(rate.dueMillis(T0, 2)).isEqualTo(T0 + 100);
    assertThat(rate.dueMillis(T0, 40)).isEqualTo(T0 + 3_900);
    assertThat(rate.intervalMillis()).isEqualTo(100.0);
  }

  @Test
  void aSpacingOfFractionalMillisecondsIsRoundedDownAndNeverDrifts() {
    ArrivalRate rate = new ArrivalRate(7); // 8,571.43 ms apart

    assertThat(rate.offsetMillis(2)).isEqualTo(8_571);
    assertThat(rate.offsetMillis(3)).isEqualTo(17_142);
    assertThat(rate.offsetMillis(8)).isEqualTo(60_000);
    assertThat(rate.offsetMillis(701)).isEqualTo(6_000_000);
    for (long n = 2; n <= 1_000; n++) {
      assertThat(rate.offsetMillis(n) - rate.offsetMillis(n - 1)).isBetween(8_571L, 8_572L);
    }
  }

  @Test
  void aRateAboveOneAMillisecondPutsSeveralArrivalsInTheSameMillisecond() {
    ArrivalRate rate = new ArrivalRate(ArrivalRate.MAX_PER_MINUTE);

    assertThat(rate.offsetMillis(100)).isZero();
    assertThat(rate.offsetMillis(101)).isEqualTo(1);
  }

  @Test
  void theScheduleLastsTheLeadAndThePlannedSpan() {
    ArrivalRate rate = new ArrivalRate(600);

    assertThat(rate.plannedSpanMillis(40)).isEqualTo(3_900);
    assertThat(rate.plannedSpanMillis(1)).isZero();
    assertThat(rate.plannedSpanMillis(0)).isZero();
    assertThat(rate.scheduleDuration(40))
        .isEqualTo(Duration.ofMillis(ArrivalRate.LEAD_MILLIS + 3_900));
  }

  @Test
  void anUnpacedRateHasNoSchedule() {
    ArrivalRate rate = ArrivalRate.UNPACED;

    assertThat(rate.paced()).isFalse();
    assertThat(rate.offsetMillis(1_000)).isZero();
    assertThat(rate.plannedSpanMillis(1_000)).isZero();
    assertThat(rate.scheduleDuration(1_000)).isEqualTo(Duration.ZERO);
    assertThat(rate.intervalMillis()).isZero();
    assertThat(rate).hasToString("unpaced");
    assertThat(new ArrivalRate(600)).hasToString("600/min");
  }

  @Test
  void arrivalsAreNumberedFromOne() {
    assertThatThrownBy(() -> new ArrivalRate(60).offsetMillis(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("arrivals are numbered from 1, was 0");
  }

  @Test
  void rejectsANegativeRateNamingWhereItCameFrom() {
    assertThatThrownBy(() -> ArrivalRate.of("batch-order plan", -1))
        .isInstanceOf(BadInputException.class)
        .hasMessage(
            "batch-order plan: arrivalsPerMinute must be 0 (unpaced) or 1..6000000 arrivals due"
                + " per minute, was -1");
  }

  @Test
  void rejectsARateAboveTheHighest() {
    assertThatThrownBy(() -> new ArrivalRate(ArrivalRate.MAX_PER_MINUTE + 1))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("arrival rate: arrivalsPerMinute must be 0 (unpaced) or 1..")
        .hasMessageEndingWith("was 6000001");
  }
}
