package io.tunelab.core.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

class ScheduleTest {
  private static final Repetitions.Jvm SHARED = Repetitions.Jvm.SHARED;

  /** Runs the schedule to its end; {@code width} gives a step's half-width after n repetitions. */
  private static String order(Repetitions repetitions, int steps, List<IntToDoubleFunction> width) {
    Schedule schedule = new Schedule(repetitions, steps);
    int[] done = new int[steps];
    StringBuilder order = new StringBuilder();
    for (int guard = 0; guard < 1000; guard++) {
      List<Schedule.StepSoFar> soFar = new ArrayList<>();
      for (int i = 0; i < steps; i++) {
        soFar.add(new Schedule.StepSoFar(done[i], width.get(i).applyAsDouble(done[i])));
      }
      OptionalInt next = schedule.next(soFar);
      if (next.isEmpty()) {
        return order.toString().trim();
      }
      done[next.getAsInt()]++;
      order.append((char) ('A' + next.getAsInt())).append(' ');
    }
    throw new AssertionError("the schedule did not end: " + order);
  }

  private static List<IntToDoubleFunction> never(int steps) {
    List<IntToDoubleFunction> widths = new ArrayList<>();
    for (int i = 0; i < steps; i++) {
      widths.add(n -> Double.NaN);
    }
    return widths;
  }

  @Test
  void sequentialRunsEachStepsRepetitionsTogether() {
    assertThat(order(Repetitions.fixed(3), 3, never(3))).isEqualTo("A A A B B B C C C");
  }

  @Test
  void interleavedRunsOneRepetitionOfEachStepPerRound() {
    Repetitions interleaved = new Repetitions(3, 3, 0, SHARED, Repetitions.Order.INTERLEAVED);

    assertThat(order(interleaved, 3, never(3))).isEqualTo("A B C A B C A B C");
  }

  @Test
  void adaptiveStopsAStepOnceItsIntervalIsNarrowEnoughAndNeverBeforeTheMinimum() {
    Repetitions adaptive = new Repetitions(3, 8, 3, SHARED, Repetitions.Order.SEQUENTIAL);
    // A narrows to 2% at its 3rd repetition; B only at its 6th (5%, 4%, 3.5% before)
    List<IntToDoubleFunction> widths =
        List.of(n -> n >= 3 ? 0.02 : 0.5, n -> n >= 6 ? 0.025 : n >= 2 ? 0.035 : Double.NaN);

    assertThat(order(adaptive, 2, widths)).isEqualTo("A A A B B B B B B");
  }

  @Test
  void adaptiveStopsAtTheMaximumWhenTheIntervalStaysWide() {
    Repetitions adaptive = new Repetitions(2, 4, 1, SHARED, Repetitions.Order.SEQUENTIAL);

    assertThat(order(adaptive, 1, List.of(n -> 0.2))).isEqualTo("A A A A");
  }

  @Test
  void interleavedAndAdaptiveGoOnInRoundsWithOnlyTheStepsShortOfTheirTarget() {
    Repetitions both = new Repetitions(2, 6, 3, SHARED, Repetitions.Order.INTERLEAVED);
    // A and C are narrow after 2; B after 4
    List<IntToDoubleFunction> widths =
        List.of(n -> n >= 2 ? 0.01 : Double.NaN, n -> n >= 4 ? 0.01 : 0.1, n -> 0.01);

    assertThat(order(both, 3, widths)).isEqualTo("A B C A B C B B");
  }

  @Test
  void aStepWithAWideIntervalAtTheMinimumKeepsItsPlaceInTheRounds() {
    Repetitions both = new Repetitions(1, 3, 3, SHARED, Repetitions.Order.INTERLEAVED);
    List<IntToDoubleFunction> widths = List.of(n -> 0.5, n -> 0.01, n -> 0.5);

    assertThat(order(both, 3, widths)).isEqualTo("A B C A C A C");
  }

  @Test
  void aDisturbedRepetitionIsMeasuredAgainUpToTwiceTheMostRepetitions() {
    Repetitions three = Repetitions.fixed(3);
    Schedule schedule = new Schedule(three, 1);

    // two counted of three attempts: one more
    assertThat(schedule.next(List.of(new Schedule.StepSoFar(2, Double.NaN, 3)))).hasValue(0);
    // three counted: done
    assertThat(new Schedule(three, 1).next(List.of(new Schedule.StepSoFar(3, 0.01, 4)))).isEmpty();
    // a host disturbed for good: six attempts end it
    assertThat(new Schedule(three, 1).next(List.of(new Schedule.StepSoFar(1, Double.NaN, 6))))
        .isEmpty();
  }
}
