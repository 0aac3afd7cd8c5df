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
}
