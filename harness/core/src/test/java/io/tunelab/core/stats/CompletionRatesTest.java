package io.tunelab.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompletionRatesTest {
  @Test
  void windowsOfAFixedCountGiveTheirRatePerMinuteAndShareBoundaries() {
    // one completion every 100 ms for 2 s, then every 50 ms: 600/min, then 1,200/min
    List<Long> times = new ArrayList<>();
    for (int i = 0; i <= 20; i++) {
      times.add(1_000L + 100L * i);
    }
    for (int i = 1; i <= 20; i++) {
      times.add(3_000L + 50L * i);
    }
    Collections.shuffle(times, new java.util.Random(7));

    List<Double> rates = CompletionRates.windows(times, 10);

    assertThat(rates).hasSize(4);
    assertThat(rates.get(0)).isCloseTo(600.0, within(1e-9));
    assertThat(rates.get(1)).isCloseTo(600.0, within(1e-9));
    assertThat(rates.get(2)).isCloseTo(1200.0, within(1e-9));
    assertThat(rates.get(3)).isCloseTo(1200.0, within(1e-9));
  }

  @Test
  void theSteadyRateLeavesOutTheFillingAndTheEmptyingOfThePipeline() {
    // 100 completions: the first 10 slow (500 ms apart), the middle 1 per 100 ms, the last 10 slow
    List<Long> times = new ArrayList<>();
    long t = 0;
    for (int i = 0; i < 100; i++) {
      t += i < 10 || i > 90 ? 500 : 100;
      times.add(t);
    }

    double steady = CompletionRates.steadyPerMinute(times).orElseThrow();
    double whole = CompletionRates.wholePerMinute(times, 0);

    // completions 10 .. 89 (0-based): 79 gaps of 100 ms
    assertThat(steady).isCloseTo(79 * 60_000.0 / (79 * 100), within(1e-9));
    assertThat(whole).isCloseTo(100 * 60_000.0 / t, within(1e-9));
    assertThat(steady).isGreaterThan(whole);
  }

  @Test
  void aDrainTooSmallHasNoSteadyRate() {
    List<Long> times = new ArrayList<>();
    for (int i = 0; i < CompletionRates.MIN_FOR_STEADY - 1; i++) {
      times.add(100L * i);
    }

    assertThat(CompletionRates.steadyPerMinute(times)).isEmpty();
  }

  @Test
  void completionsInTheSameMillisecondCountAsOneMillisecond() {
    assertThat(CompletionRates.windows(List.of(5L, 5L, 5L, 5L), 3)).containsExactly(180_000.0);
  }

  @Test
  void theWholeRateIsZeroWithoutCompletions() {
    assertThat(CompletionRates.wholePerMinute(List.of(), 1_000)).isZero();
  }
}
