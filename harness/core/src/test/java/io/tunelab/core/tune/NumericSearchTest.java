package io.tunelab.core.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.findings.Candidate.Move;
import java.util.OptionalInt;
import java.util.function.IntPredicate;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

class NumericSearchTest {
  private static final IntPredicate THREADS = v -> v >= 1 && v <= 256;

  /**
   * Runs a search against a known response: a trial helps when it beats the kept value by more than
   * 5%, as a significant gain must.
   */
  private static NumericSearch search(
      int start, Move move, IntPredicate accepts, IntToDoubleFunction response) {
    NumericSearch search = NumericSearch.from(start, move, accepts, 0.25);
    for (OptionalInt next = search.next(); next.isPresent(); next = search.next()) {
      int value = next.getAsInt();
      search.judge(response.applyAsDouble(value) > 1.05 * response.applyAsDouble(search.kept()));
    }
    return search;
  }

  /** Throughput rising with threads up to a peak, then falling: the studies' ladder. */
  private static IntToDoubleFunction peakAt(int best) {
    return v -> 1000 / (1 + Math.pow((v - best) / 4.0, 2));
  }

  @Test
  void doublesWhileItHelpsThenBisectsTowardTheFirstValueThatDidNot() {
    NumericSearch search = search(4, Move.RAISE, THREADS, peakAt(12));

    assertThat(search.kept()).isEqualTo(12);
    assertThat(search.trials())
        .containsExactly(
            new NumericSearch.Trial(8, true),
            new NumericSearch.Trial(16, false),
            new NumericSearch.Trial(12, true),
            new NumericSearch.Trial(14, false));
  }

  @Test
  void lowersByHalvingTheSameWay() {
    NumericSearch search = search(64, Move.LOWER, THREADS, peakAt(6));

    assertThat(search.kept()).isEqualTo(6);
    assertThat(search.trials()).extracting(NumericSearch.Trial::value).startsWith(32, 16, 8, 4);
  }

  @Test
  void aFirstStepThatDoesNotHelpEndsTheSearch() {
    NumericSearch search = search(8, Move.RAISE, THREADS, v -> 1000);

    assertThat(search.kept()).isEqualTo(8);
    assertThat(search.trials())
        .as("16 moved nothing: no trial of 12 or 10")
        .containsExactly(new NumericSearch.Trial(16, false));
  }

  @Test
  void aStepThatDoesNotHelpAfterOneThatDidStillBisects() {
    NumericSearch search = search(4, Move.RAISE, THREADS, peakAt(9));

    assertThat(search.trials()).extracting(NumericSearch.Trial::value).startsWith(8, 16, 12);
    assertThat(search.kept()).isEqualTo(8);
  }

  @Test
  void aValueTheKnobRefusesIsPulledBackToItsBoundAndTheBoundEndsTheSearch() {
    NumericSearch search = search(16, Move.RAISE, v -> v >= 1 && v <= 20, v -> v);

    assertThat(search.trials()).extracting(NumericSearch.Trial::value).containsExactly(20);
    assertThat(search.kept()).isEqualTo(20);
    assertThat(search(1, Move.LOWER, THREADS, v -> -v).trials()).isEmpty();
  }

  @Test
  void zeroRaisesToOne() {
    NumericSearch search = NumericSearch.from(0, Move.RAISE, v -> v >= 0, 0);

    assertThat(search.next()).hasValue(1);
  }

  @Test
  void aValueIsJudgedBeforeTheNextAndOnlyNumbersAreSearched() {
    NumericSearch search = NumericSearch.from(4, Move.RAISE, THREADS, 0);
    assertThatThrownBy(() -> search.judge(true)).isInstanceOf(IllegalStateException.class);
    search.next();
    assertThatThrownBy(search::next).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> NumericSearch.from(4, Move.SET, THREADS, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> NumericSearch.from(0, Move.RAISE, THREADS, 0))
        .hasMessageContaining("start value 0");
  }
}
