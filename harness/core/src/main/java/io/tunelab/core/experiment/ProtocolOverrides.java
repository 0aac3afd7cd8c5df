package io.tunelab.core.experiment;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * What the command line sets over an experiment's repetitions: {@code --repeat N} (a fixed count),
 * {@code --jvm shared|fresh}, {@code --order sequential|interleaved}, {@code --mde P} (repeat until
 * every comparison could detect a change of P%) and {@code --time-cap M} (minutes).
 */
public record ProtocolOverrides(
    OptionalInt repeat,
    Optional<Repetitions.Jvm> jvm,
    Optional<Repetitions.Order> order,
    OptionalDouble mdePercent,
    OptionalInt maxMinutes) {
  /** Nothing set. */
  public static final ProtocolOverrides NONE =
      new ProtocolOverrides(
          OptionalInt.empty(),
          Optional.empty(),
          Optional.empty(),
          OptionalDouble.empty(),
          OptionalInt.empty());

  /** Only {@code --repeat}, when given. */
  public static ProtocolOverrides repeat(OptionalInt repeat) {
    return new ProtocolOverrides(
        repeat, Optional.empty(), Optional.empty(), OptionalDouble.empty(), OptionalInt.empty());
  }

  /** Repetition count, JVM and order, without a precision target. */
  public ProtocolOverrides(
      OptionalInt repeat, Optional<Repetitions.Jvm> jvm, Optional<Repetitions.Order> order) {
    this(repeat, jvm, order, OptionalDouble.empty(), OptionalInt.empty());
  }

  /**
   * For one configuration measured alone, where no comparison asks for precision (the tuner's
   * start, read for its findings): the fewest repetitions of {@code repetitions} (the experiment's
   * as read with these overrides), fixed, unless {@code --repeat} fixed a count; the JVM, order and
   * time cap as given. A precision target on a step alone repeats it until its copy could be told
   * from itself, which the start of the order-to-bill study's tune did to its 6-minute cap, 12
   * repetitions where its first 3 held the same findings.
   */
  public ProtocolOverrides alone(Repetitions repetitions) {
    return new ProtocolOverrides(
        repeat.isPresent() ? repeat : OptionalInt.of(repetitions.min()),
        jvm,
        order,
        OptionalDouble.empty(),
        maxMinutes);
  }
}
