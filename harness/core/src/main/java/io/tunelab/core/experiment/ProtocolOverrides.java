package io.tunelab.core.experiment;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the command line sets over an experiment's repetitions: {@code --repeat N} (a fixed count),
 * {@code --jvm shared|fresh}, {@code --order sequential|interleaved}.
 */
public record ProtocolOverrides(
    OptionalInt repeat, Optional<Repetitions.Jvm> jvm, Optional<Repetitions.Order> order) {
  /** Nothing set. */
  public static final ProtocolOverrides NONE =
      new ProtocolOverrides(OptionalInt.empty(), Optional.empty(), Optional.empty());

  /** Only {@code --repeat}, when given. */
  public static ProtocolOverrides repeat(OptionalInt repeat) {
    return new ProtocolOverrides(repeat, Optional.empty(), Optional.empty());
  }
}
