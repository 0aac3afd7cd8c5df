package io.tunelab.core.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The one way tunelab writes a file for its users (results, reports, baselines, history, study
 * records): written aside, then moved over the old one, so a reader, a later run or a user who
 * pressed Ctrl-C never finds half a file that looks whole.
 */
public final class OutputFiles {
  private OutputFiles() {}

  /**
   * Writes {@code value} into {@code dir} in each of {@code formats}, each file replaced whole.
   *
   * @return the files written, in the order of {@code formats}
   */
  public static <T> List<Path> write(
      Path dir, T value, List<? extends OutputFormat<? super T>> formats) {
    List<Path> written = new ArrayList<>();
    for (OutputFormat<? super T> format : formats) {
      written.add(replace(dir.resolve(format.file()), format.render(value, dir)));
    }
    return written;
  }

  /**
   * Replaces {@code file} whole with {@code text} (UTF-8), making its folder when missing.
   *
   * @return {@code file}
   * @throws UncheckedIOException naming the file
   */
  public static Path replace(Path file, String text) {
    Path target = file.toAbsolutePath();
    try {
      Files.createDirectories(target.getParent());
      Path aside = target.resolveSibling(target.getFileName() + ".tmp");
      Files.writeString(aside, text, StandardCharsets.UTF_8);
      Files.move(
          aside, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
