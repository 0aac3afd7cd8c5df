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
 */
public record Suite(String name, String file, String description, List<Entry> experiments) {
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
    experiments = List.copyOf(experiments);
  }
}
