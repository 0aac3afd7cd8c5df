package io.tunelab.core.results;

import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;

/**
 * One way of writing a run's results, as one file in its folder: {@code run.json} (the data every
 * other format and {@code compare} read), {@code summary.md}, {@code repetitions.csv} and {@code
 * report.html}. {@link RunFiles#write(Path, RunResult, java.util.List)} writes any list of them,
 * each file replaced whole. {@link #render}'s folder is the run's, for a format that also shows
 * what the observer left there.
 */
public interface ResultFormat extends OutputFormat<RunResult> {

  /** A format made from the run alone. */
  static ResultFormat of(String file, Function<RunResult, String> render) {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(render, "render");
    return new ResultFormat() {
      @Override
      public String file() {
        return file;
      }

      @Override
      public String render(RunResult run, Path runDir) {
        return render.apply(run);
      }

      @Override
      public String toString() {
        return file;
      }
    };
  }
}
