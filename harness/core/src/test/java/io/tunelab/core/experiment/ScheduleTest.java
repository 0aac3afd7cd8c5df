package io.tunelab.core.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

class ScheduleTest {
  private static final Repetitions.Jvm SHARED = Repetitions.Jvm.SHARED;
  private static final Repetitions.Order ROUNDS = Repetitions.Order.INTERLEAVED;

  /** Runs the schedule to its end; {@code mde} gives a step's MDE after n repetitions. */
  private static String order(Repetitions repetitions, int steps, List<IntToDoubleFunction> mde) {
    return run(new Schedule(repetitions, steps, 1), steps, mde, 0);
  }

  private static String run(
      Schedule schedule, int steps, List<IntToDoubleFunction> mde, long millisPerRepetition) {
    int[] done = new int[steps];
    StringBuilder order = new StringBuilder();
    long elapsed = 0;
    for (int guard = 0; guard < 1000; guard++) {
      List<Schedule.StepSoFar> soFar = new ArrayList<>();
      for (int i = 0; i < steps; i++) {
        soFar.add(new Schedule.StepSoFar(done[i], mde.get(i).applyAsDouble(done[i])));
      }
      OptionalInt next = schedule.next(soFar, elapsed);
      if (next.isEmpty()) {
        return order.toString().trim();
      }
      done[next.getAsInt()]++;
      elapsed += millisPerRepetition;
      order.append((char) ('A' + next.getAsInt())).append(' ');
    }
    throw new AssertionError("the schedule did not end: " + order);
  }

  private static List<IntToDoubleFunction> never(int steps) {
    List<IntToDoubleFunction> mde = new ArrayList<>();
    for (int i = 0; i < steps; i++) {
      mde.add(n -> Double.NaN);
    }
    return mde;
  }

  @Test
  void sequentialRunsEachStepsRepetitionsTogether() {
    assertThat(order(Repetitions.fixed(3), 3, never(3))).isEqualTo("A A A B B B C C C");
  }

  @Test
  void roundsHoldOneRepetitionOfEachStepTheFirstInTheFilesOrderTheRestRandom() {
    Schedule schedule = new Schedule(Repetitions.fixed(20, ROUNDS), 3, 42);
    String order = run(schedule, 3, never(3), 0);

    String[] each = order.split(" ");
    assertThat(each).hasSize(60);
    assertThat(List.of(each).subList(0, 3)).containsExactly("A", "B", "C");
    Set<String> orders = new HashSet<>();
    for (int round = 0; round < 20; round++) {
      List<String> r = List.of(each).subList(3 * round, 3 * round + 3);
      assertThat(r).containsExactlyInAnyOrder("A", "B", "C");
      orders.add(String.join("", r));
    }
    assertThat(orders).as("rounds in several orders").hasSizeGreaterThan(3);
    assertThat(schedule.round()).isEqualTo(20);
    assertThat(schedule.stop()).isEqualTo(Schedule.Stop.COUNT);
  }

  @Test
  void theSameSeedGivesTheSameOrder() {
    Repetitions r = Repetitions.fixed(5, ROUNDS);
    assertThat(run(new Schedule(r, 3, 7), 3, never(3), 0))
        .isEqualTo(run(new Schedule(r, 3, 7), 3, never(3), 0));
  }

  @Test
  void adaptiveStopsAStepOnceItsMdeReachesTheTargetAndNeverBeforeTheEarliestRound() {
    Repetitions adaptive = new Repetitions(3, 16, 3, 0, SHARED, Repetitions.Order.SEQUENTIAL);
    // A reaches 2% at its 3rd repetition, but is judged from the 10th; B only at its 12th
    List<IntToDoubleFunction> mde =
        List.of(n -> n >= 3 ? 0.02 : 0.5, n -> n >= 12 ? 0.025 : n >= 2 ? 0.035 : Double.NaN);

    Schedule schedule = new Schedule(adaptive, 2, 1);
    assertThat(run(schedule, 2, mde, 0))
        .isEqualTo(("A ".repeat(Repetitions.EARLIEST_MDE_STOP) + "B ".repeat(12)).trim());
    assertThat(schedule.stop()).isEqualTo(Schedule.Stop.MDE);
  }

  @Test
  void anAdaptiveCountWithFewerThanTheEarliestRoundRunsToItsMaximum() {
    Repetitions adaptive = new Repetitions(3, 6, 3, 0, SHARED, Repetitions.Order.SEQUENTIAL);

    Schedule schedule = new Schedule(adaptive, 1, 1);
    assertThat(run(schedule, 1, List.of(n -> 0.01), 0)).isEqualTo("A A A A A A");
    assertThat(schedule.stop()).isEqualTo(Schedule.Stop.MDE);
  }

  @Test
  void adaptiveStopsAtTheMaximumWhenTheMdeStaysLarge() {
    Repetitions adaptive = new Repetitions(2, 4, 1, 0, SHARED, Repetitions.Order.SEQUENTIAL);

    Schedule schedule = new Schedule(adaptive, 1, 1);
    assertThat(run(schedule, 1, List.of(n -> 0.2), 0)).isEqualTo("A A A A");
    assertThat(schedule.stop()).isEqualTo(Schedule.Stop.MAX);
  }

  @Test
  void roundsGoOnWholeWhileAStepIsShortOfItsTarget() {
    Repetitions both = new Repetitions(2, 16, 3, 0, SHARED, ROUNDS);
    // A and C reach it from the earliest round on; B after 12: twelve whole rounds, so B has its
    // partners in each
    List<IntToDoubleFunction> mde =
        List.of(n -> n >= 2 ? 0.01 : Double.NaN, n -> n >= 12 ? 0.01 : 0.1, n -> 0.01);

    String order = order(both, 3, mde);
    assertThat(order.split(" ")).hasSize(36);
  }

  @Test
  void aDisturbedRepetitionInARoundBringsItsPartnersAlong() {
    Schedule schedule = new Schedule(Repetitions.fixed(2, ROUNDS), 2, 3);
    // round 1
    schedule.next(
        List.of(new Schedule.StepSoFar(0, Double.NaN), new Schedule.StepSoFar(0, Double.NaN)), 0);
    schedule.next(
        List.of(new Schedule.StepSoFar(1, Double.NaN), new Schedule.StepSoFar(0, Double.NaN)), 0);
    // round 2: B's repetition disturbed (2 attempts, 1 counted)
    schedule.next(
        List.of(new Schedule.StepSoFar(1, Double.NaN, 1), new Schedule.StepSoFar(1, Double.NaN, 1)),
        0);
    schedule.next(
        List.of(new Schedule.StepSoFar(2, Double.NaN, 2), new Schedule.StepSoFar(1, Double.NaN, 1)),
        0);
    // round 3: B wants one more, and A comes along
    List<Schedule.StepSoFar> after =
        List.of(new Schedule.StepSoFar(2, Double.NaN, 2), new Schedule.StepSoFar(1, Double.NaN, 2));
    Set<Integer> round3 = new HashSet<>();
    round3.add(schedule.next(after, 0).getAsInt());
    round3.add(schedule.next(after, 0).getAsInt());
    assertThat(round3).containsExactlyInAnyOrder(0, 1);
    assertThat(schedule.round()).isEqualTo(3);
  }

  @Test
  void theTimeCapEndsTheScheduleAtARoundBoundaryOnceEveryStepHasItsMinimum() {
    Repetitions capped = new Repetitions(2, 50, 1, 1, SHARED, ROUNDS);
    // 25 s a repetition, the MDE never reached: round 2 starts at 50 s, inside the minute, and
    // ends at 100 s; no round starts after the minute
    Schedule schedule = new Schedule(capped, 2, 1);
    String order = run(schedule, 2, List.of(n -> 0.2, n -> 0.2), 25_000);

    assertThat(order.split(" ")).hasSize(4);
    assertThat(schedule.stop()).isEqualTo(Schedule.Stop.TIME_CAP);
  }

  @Test
  void aDisturbedRepetitionIsMeasuredAgainUpToTwiceTheMostRepetitions() {
    Repetitions three = Repetitions.fixed(3);

    // two counted of three attempts: one more
    assertThat(new Schedule(three, 1, 1).next(List.of(new Schedule.StepSoFar(2, Double.NaN, 3)), 0))
        .hasValue(0);
    // three counted: done
    assertThat(new Schedule(three, 1, 1).next(List.of(new Schedule.StepSoFar(3, 0.01, 4)), 0))
        .isEmpty();
    // a host disturbed for good: six attempts end it
    assertThat(new Schedule(three, 1, 1).next(List.of(new Schedule.StepSoFar(1, Double.NaN, 6)), 0))
        .isEmpty();
  }
}
