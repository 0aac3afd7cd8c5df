package io.tunelab.core.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * A benchmark suite: experiments to run and the thresholds each must meet (see {@link SuiteReader}
 * for the file).
 *
 * @param name names the suite's baselines folder and its history
 * @param file the suite file, for messages
 * @param baselineNights the nights a machine's baseline records before the gate compares with it
 *     (see {@link BaselineBootstrap})
 */
public record Suite(
    String name, String file, String description, int baselineNights, List<Entry> experiments) {
  /** Nights a baseline records when the suite does not say: enough for a spread between nights. */
  public static final int DEFAULT_BASELINE_NIGHTS = 3;

  /** The most nights a baseline may want. */
  public static final int MAX_BASELINE_NIGHTS = 30;

  /**
   * One experiment of the suite.
   *
   * @param experiment the experiment file, resolved against the suite file's folder
   * @param set knobs set over every step, as {@code --set} would
   * @param repeat repetitions per step over the file's {@code repeat}; empty for the file's
   * @param thresholds what its steps must meet
   */
  public record Entry(
      Path experiment,
      Map<String, String> set,
      OptionalInt repeat,
      List<StepThreshold> thresholds) {
    public Entry {
      Objects.requireNonNull(experiment, "experiment");
      set = Map.copyOf(set);
      Objects.requireNonNull(repeat, "repeat");
      thresholds = List.copyOf(thresholds);
    }
  }

  public Suite {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(description, "description");
    if (baselineNights < 1 || baselineNights > MAX_BASELINE_NIGHTS) {
      throw new IllegalArgumentException("baselineNights must be 1.." + MAX_BASELINE_NIGHTS);
    }
    experiments = List.copyOf(experiments);
  }
}
