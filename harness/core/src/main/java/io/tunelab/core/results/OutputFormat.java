package io.tunelab.core.results;

import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;

/**
 * One file a result is written as: its name and how the value renders in it. A run's files are
 * {@link ResultFormat}s; a bench's are in {@code core.bench.BenchFiles}. {@link OutputFiles} writes
 * any list of them, each file replaced whole.
 *
 * @param <T> what is rendered: a run, a bench's result
 */
public interface OutputFormat<T> {
  /** The file's name in its folder. */
  String file();

  /**
   * The value in this format.
   *
   * @param dir the folder the file goes to, for a format that also shows what is there already
   */
  String render(T value, Path dir);

  /** A format made from the value alone. */
  static <T> OutputFormat<T> of(String file, Function<T, String> render) {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(render, "render");
    return new OutputFormat<>() {
      @Override
      public String file() {
        return file;
      }

      @Override
      public String render(T value, Path dir) {
        return render.apply(value);
      }

      @Override
      public String toString() {
        return file;
      }
    };
  }
}
