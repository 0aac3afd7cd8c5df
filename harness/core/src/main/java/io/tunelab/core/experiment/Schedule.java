package io.tunelab.core.experiment;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalInt;
import java.util.Random;

/**
 * Which step to measure next, by the experiment's {@link Repetitions}: in rounds (interleaved: one
 * repetition of every step per round, in a new random order each round, while any step wants more)
 * or sequentially (a step's repetitions one after the other, then the next step). A step wants more
 * while it has fewer than the fewest repetitions, or, with an adaptive count, while its
 * comparisons' minimum detectable effect is above the target; a wall-time cap ends the schedule at
 * the next round (or step) boundary once every step has its fewest repetitions. In rounds a step
 * may thus get more than a fixed count: a repetition the host disturbed is measured again with its
 * partners. Keeps its place between calls: ask it once per repetition.
 */
public final class Schedule {
  /**
   * What a step has so far.
   *
   * @param done repetitions measured that count (not disturbed by the host)
   * @param mde the minimum detectable effect of the comparisons the step is part of, the worst of
   *     them, a fraction; NaN when there is none yet
   * @param attempts repetitions measured, disturbed ones included
   */
  public record StepSoFar(int done, double mde, int attempts) {
    /** A step none of whose repetitions was disturbed. */
    public StepSoFar(int done, double mde) {
      this(done, mde, done);
    }
  }

  /** Why the schedule ended. */
  public enum Stop {
    /** A fixed count: every step has it. */
    COUNT("every step has its repetitions"),
    /** Adaptive: every comparison reached the target minimum detectable effect. */
    MDE("every comparison reached the target minimum detectable effect"),
    /** Adaptive: a step reached its most repetitions first. */
    MAX("a step reached its most repetitions (repeat.max) before the target"),
    /** The wall-time cap came first. */
    TIME_CAP("the time cap (repeat.maxMinutes) came before the target");

    private final String text;

    Stop(String text) {
      this.text = text;
    }

    public String text() {
      return text;
    }
  }

  private final Repetitions repetitions;
  private final int steps;
  private final Random random;
  private final List<Integer> round = new ArrayList<>();
  private int position;
  private int rounds;
  private Stop stop;

  /**
   * @param seed of the rounds' random orders (recorded with the run, so its order can be repeated)
   */
  public Schedule(Repetitions repetitions, int steps, long seed) {
    if (steps < 1) {
      throw new IllegalArgumentException("a schedule needs a step");
    }
    this.repetitions = repetitions;
    this.steps = steps;
    this.random = new Random(seed);
  }

  /**
   * The index of the step to measure next, or empty when the schedule is done ({@link #stop} then
   * says why).
   *
   * @param soFar one entry per step, in the experiment's order
   * @param elapsedMillis the run's wall time so far
   */
  public OptionalInt next(List<StepSoFar> soFar, long elapsedMillis) {
    if (soFar.size() != steps) {
      throw new IllegalArgumentException("expected " + steps + " steps, got " + soFar.size());
    }
    OptionalInt next =
        repetitions.rounds()
            ? nextInRound(soFar, elapsedMillis)
            : nextSequential(soFar, elapsedMillis);
    if (next.isEmpty() && stop == null) {
      stop = stopReason(soFar);
    }
    return next;
  }

  /** The round the last step returned belongs to, 1-based; 0 in a sequential schedule. */
  public int round() {
    return repetitions.rounds() ? rounds : 0;
  }

  /** Why the schedule ended; null while it goes on. */
  public Stop stop() {
    return stop;
  }

  private OptionalInt nextSequential(List<StepSoFar> soFar, long elapsedMillis) {
    for (; position < steps; position++) {
      StepSoFar step = soFar.get(position);
      if (capped(elapsedMillis) && step.done() >= repetitions.min()) {
        stop = Stop.TIME_CAP;
        continue;
      }
      if (wants(step)) {
        return OptionalInt.of(position);
      }
    }
    return OptionalInt.empty();
  }

  /**
   * Goes on through the round; when it ends and a step wants more, starts a new round of every step
   * that may still be measured.
   */
  private OptionalInt nextInRound(List<StepSoFar> soFar, long elapsedMillis) {
    while (position < round.size()) {
      int index = round.get(position++);
      if (mayContinue(soFar.get(index))) {
        return OptionalInt.of(index);
      }
    }
    round.clear();
    position = 0;
    boolean allHaveMin = soFar.stream().allMatch(s -> s.done() >= repetitions.min());
    if (capped(elapsedMillis) && allHaveMin) {
      stop = Stop.TIME_CAP;
      return OptionalInt.empty();
    }
    if (soFar.stream().noneMatch(this::wants)) {
      return OptionalInt.empty();
    }
    // A round is whole: every step that may still be measured takes part, so that each one has
    // its partners in the round to be compared with (a disturbed repetition measured again
    // brings the others along).
    for (int i = 0; i < steps; i++) {
      if (mayContinue(soFar.get(i))) {
        round.add(i);
      }
    }
    rounds++;
    if (rounds > 1) {
      // the first round follows the file, so steps warm up in the order they are written
      Collections.shuffle(round, random);
    }
    return OptionalInt.of(round.get(position++));
  }

  private boolean capped(long elapsedMillis) {
    return repetitions.maxMinutes() > 0 && elapsedMillis >= repetitions.maxMinutes() * 60_000L;
  }

  private Stop stopReason(List<StepSoFar> soFar) {
    if (!repetitions.adaptive()) {
      return Stop.COUNT;
    }
    boolean atMax =
        soFar.stream()
            .anyMatch(
                s ->
                    (s.done() >= repetitions.max() || s.attempts() >= 2 * repetitions.max())
                        && !(100 * s.mde() <= repetitions.mdePercent()));
    return atMax ? Stop.MAX : Stop.MDE;
  }

  /**
   * Whether the step may take part in another round: below twice its most repetitions in attempts
   * (it may pass its count to keep its partners company).
   */
  private boolean mayContinue(StepSoFar step) {
    return step.attempts() < 2 * repetitions.max();
  }

  /**
   * A disturbed repetition does not count and is measured again, but a step gets at most twice its
   * most repetitions in all: a host disturbed for good ends the schedule too.
   */
  private boolean wants(StepSoFar step) {
    return step.attempts() < 2 * repetitions.max()
        && repetitions.wantsMore(step.done(), step.mde());
  }
}
