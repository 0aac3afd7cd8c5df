package io.tunelab.core.tune;

import io.tunelab.core.findings.Candidate;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.IntPredicate;

/**
 * The search of one numeric knob that a finding proposes to raise or lower (thread, pool and size
 * knobs): from the run's value it doubles (or halves) while each step helps, then bisects between
 * the last value that helped and the first that did not, until they are no more than the resolution
 * apart (a share of the kept value, at least one whole unit). From 4 threads with a resolution of a
 * quarter, a knob best at 12 costs the trials 8, 16, 12, 14 (helped, not, helped, not), never a
 * guess. A first step that does not help ends the search: no value helped, so nothing says an
 * optimum lies between the two, and bisecting toward a change that moved nothing spent trials on
 * smaller versions of it (a flat knob from 8 cost 16, 12 and 10; on the order-to-bill study 8
 * engine threads were within noise of 4, and the next trial bisected to 6 while the database, not
 * the engine, was the limit).
 *
 * <p>It proposes one value at a time ({@link #next()}) and waits for that trial's verdict ({@link
 * #judge(boolean)}); values outside what the knob accepts are pulled back toward the kept one.
 */
public final class NumericSearch {
  /**
   * One judged value.
   *
   * @param value the knob's value tried
   * @param helped whether the trial kept it
   */
  public record Trial(int value, boolean helped) {}

  private final Candidate.Move move;
  private final IntPredicate accepts;
  private final double resolution;
  private final List<Trial> trials = new ArrayList<>();
  private int kept;
  private Integer failed;
  private Integer pending;

  private NumericSearch(int start, Candidate.Move move, IntPredicate accepts, double resolution) {
    if (move == Candidate.Move.SET) {
      throw new IllegalArgumentException("a search raises or lowers a number; SET tries values");
    }
    if (!accepts.test(start)) {
      throw new IllegalArgumentException("the start value " + start + " is not the knob's");
    }
    if (!(resolution >= 0 && resolution < 1)) {
      throw new IllegalArgumentException("the resolution is a share from 0 to under 1");
    }
    this.resolution = resolution;
    this.kept = start;
    this.move = move;
    this.accepts = accepts;
  }

  /**
   * @param start the run's value of the knob
   * @param move {@link Candidate.Move#RAISE} or {@link Candidate.Move#LOWER}
   * @param accepts the values the knob accepts (its range)
   * @param resolution how close the bisection comes, as a share of the kept value (0: one unit)
   */
  public static NumericSearch from(
      int start, Candidate.Move move, IntPredicate accepts, double resolution) {
    return new NumericSearch(start, move, accepts, resolution);
  }

  /**
   * The next value to try, or empty when the search is over: the first value tried did not help,
   * the kept value sits at the knob's bound, or it is within the resolution of the nearest value
   * that did not help.
   *
   * @throws IllegalStateException when the last value proposed was not judged yet
   */
  public OptionalInt next() {
    if (pending != null) {
      throw new IllegalStateException("judge " + pending + " before asking for the next value");
    }
    if (failed != null && trials.stream().noneMatch(Trial::helped)) {
      return OptionalInt.empty();
    }
    int value = failed == null ? expand() : bisect();
    if (value == kept) {
      return OptionalInt.empty();
    }
    pending = value;
    return OptionalInt.of(value);
  }

  /** The verdict of the trial of the value {@link #next()} proposed. */
  public void judge(boolean helped) {
    if (pending == null) {
      throw new IllegalStateException("no value is waiting for a verdict");
    }
    trials.add(new Trial(pending, helped));
    if (helped) {
      kept = pending;
    } else {
      failed = pending;
    }
    pending = null;
  }

  /** The value kept so far: the start, or the last value that helped. */
  public int kept() {
    return kept;
  }

  /** Every judged value, in the order tried. */
  public List<Trial> trials() {
    return List.copyOf(trials);
  }

  /** Halfway to the nearest value that did not help, or the kept value once that is close. */
  private int bisect() {
    long gap = Math.abs((long) failed - kept);
    long close = Math.max(1, (long) Math.ceil(resolution * Math.abs(kept)));
    return gap <= close ? kept : kept + (failed - kept) / 2;
  }

  /** Doubled or halved, then pulled back toward the kept value until the knob accepts it. */
  private int expand() {
    long wanted =
        move == Candidate.Move.RAISE ? (kept == 0 ? 1 : 2L * kept) : Math.floorDiv(kept, 2);
    int value = (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, wanted));
    while (value != kept && !accepts.test(value)) {
      value = kept + (value - kept) / 2;
    }
    return value;
  }
}
