package io.tunelab.cli;

import io.tunelab.core.experiment.ProtocolOverrides;
import io.tunelab.core.experiment.Repetitions;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import picocli.CommandLine.Option;

/**
 * How a run repeats, over the experiment's {@code repeat:}: {@code --repeat}, {@code --jvm}, {@code
 * --order}, {@code --mde} and {@code --time-cap}, one definition for {@code run} and {@code
 * validate} so that validate reads them exactly as run does.
 */
final class ProtocolOptions {
  @Option(
      names = "--repeat",
      paramLabel = "N",
      description = "Repetitions per step, a fixed count over the experiment's repeat (default 3).")
  Integer repeat;

  @Option(
      names = "--jvm",
      paramLabel = "shared|fresh",
      description =
          "fresh: every repetition gets a newly started middleware JVM with its own warm-up;"
              + " shared: a step's repetitions share one (over the experiment's jvm).")
  Repetitions.Jvm jvm;

  @Option(
      names = "--order",
      paramLabel = "sequential|interleaved",
      description =
          "interleaved (the default): one repetition of each step per round, in a random order"
              + " each round, each step compared with the baseline round by round; sequential:"
              + " each step's repetitions together. Over the experiment's order.")
  Repetitions.Order order;

  @Option(
      names = "--mde",
      paramLabel = "PERCENT",
      converter = Percent.class,
      description =
          "Repeat, a round at a time, until every comparison with the baseline could detect a"
              + " change of PERCENT (its minimum detectable effect, 80%% power at 5%%), e.g. --mde"
              + " 5%%; the experiment's count is the fewest, and a time cap applies (--time-cap,"
              + " default 30 minutes).")
  Double mde;

  @Option(
      names = "--time-cap",
      paramLabel = "DURATION",
      converter = Minutes.class,
      description =
          "With an adaptive repeat or --mde: no new round starts after this much wall time, e.g."
              + " 10m, 1h, 600s (whole minutes).")
  Integer timeCap;

  /** Whether any of the options was given. */
  boolean any() {
    return repeat != null || jvm != null || order != null || mde != null || timeCap != null;
  }

  ProtocolOverrides overrides() {
    return new ProtocolOverrides(
        repeat == null ? OptionalInt.empty() : OptionalInt.of(repeat),
        Optional.ofNullable(jvm),
        Optional.ofNullable(order),
        mde == null ? OptionalDouble.empty() : OptionalDouble.of(mde),
        timeCap == null ? OptionalInt.empty() : OptionalInt.of(timeCap));
  }
}
