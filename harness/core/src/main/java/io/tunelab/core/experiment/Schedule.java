package io.tunelab.core.experiment;

import java.util.List;
import java.util.OptionalInt;

/**
 * Which step to measure next, by the experiment's {@link Repetitions}: sequentially (a step's
 * repetitions one after the other, then the next step) or interleaved (one repetition of each step
 * per round, A B C A B C); with an adaptive count, a step is measured again only while it {@link
 * Repetitions#wantsMore wants more}. Keeps its place between calls: ask it once per repetition.
 */
public final class Schedule {
  /**
   * What a step has so far.
   *
   * @param done repetitions measured that count (not disturbed by the host)
   * @param relativeHalfWidth half-width of its throughput's 95% interval over the mean; NaN when
   *     there is none yet
   * @param attempts repetitions measured, disturbed ones included
   */
  public record StepSoFar(int done, double relativeHalfWidth, int attempts) {
    /** A step none of whose repetitions was disturbed. */
    public StepSoFar(int done, double relativeHalfWidth) {
      this(done, relativeHalfWidth, done);
    }
  }

  private final Repetitions repetitions;
  private final int steps;
  private int position;

  public Schedule(Repetitions repetitions, int steps) {
    if (steps < 1) {
      throw new IllegalArgumentException("a schedule needs a step");
    }
    this.repetitions = repetitions;
    this.steps = steps;
  }

  /**
   * The index of the step to measure next, or empty when every step has its repetitions.
   *
   * @param soFar one entry per step, in the experiment's order
   */
  public OptionalInt next(List<StepSoFar> soFar) {
    if (soFar.size() != steps) {
      throw new IllegalArgumentException("expected " + steps + " steps, got " + soFar.size());
    }
    return repetitions.order() == Repetitions.Order.SEQUENTIAL
        ? nextSequential(soFar)
        : nextInterleaved(soFar);
  }

  private OptionalInt nextSequential(List<StepSoFar> soFar) {
    for (; position < steps; position++) {
      if (wants(soFar.get(position))) {
        return OptionalInt.of(position);
      }
    }
    return OptionalInt.empty();
  }

  /** Goes on through the round; when it ends and a step still wants more, starts the next one. */
  private OptionalInt nextInterleaved(List<StepSoFar> soFar) {
    for (int pass = 0; pass < 2; pass++) {
      for (; position < steps; position++) {
        if (wants(soFar.get(position))) {
          return OptionalInt.of(position++);
        }
      }
      position = 0;
    }
    return OptionalInt.empty();
  }

  /**
   * A disturbed repetition does not count and is measured again, but a step gets at most twice its
   * most repetitions in all: a host disturbed for good ends the schedule too.
   */
  private boolean wants(StepSoFar step) {
    return step.attempts() < 2 * repetitions.max()
        && repetitions.wantsMore(step.done(), step.relativeHalfWidth());
  }
}
