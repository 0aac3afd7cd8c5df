package io.tunelab.core.results;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The one way tunelab writes a file for its users (results, reports, baselines, history, study
 * records, each repetition's raw data): written aside, then moved over the old one, so a reader, a
 * later run or a user who pressed Ctrl-C never finds half a file that looks whole.
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
    return replace(file, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
  }

  /** What writes a file's bytes, e.g. a JSON mapper or a histogram log. */
  @FunctionalInterface
  public interface Content {
    void writeTo(OutputStream out) throws IOException;
  }

  /**
   * Replaces {@code file} whole with what {@code content} writes, making its folder when missing;
   * when the writing fails, the file is left as it was and nothing is left beside it.
   *
   * @return {@code file}
   * @throws UncheckedIOException naming the file
   */
  public static Path replace(Path file, Content content) {
    Path target = file.toAbsolutePath();
    Path aside = target.resolveSibling(target.getFileName() + ".tmp");
    try {
      Files.createDirectories(target.getParent());
      try (OutputStream out = Files.newOutputStream(aside)) {
        content.writeTo(out);
      }
      Files.move(
          aside, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      return file;
    } catch (IOException | RuntimeException e) {
      try {
        Files.deleteIfExists(aside);
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      if (e instanceof RuntimeException r) {
        throw r;
      }
      throw new UncheckedIOException("cannot write " + file, (IOException) e);
    }
  }

  /** What writes a text file, line by line (a CSV of many rows). */
  @FunctionalInterface
  public interface Text {
    void writeTo(BufferedWriter out) throws IOException;
  }

  /**
   * Replaces {@code file} whole with the text {@code text} writes in {@code charset}, as {@link
   * #replace(Path, Content)} does.
   *
   * @return {@code file}
   * @throws UncheckedIOException naming the file
   */
  public static Path replaceText(Path file, Charset charset, Text text) {
    return replace(
        file,
        bytes -> {
          BufferedWriter out = new BufferedWriter(new OutputStreamWriter(bytes, charset));
          text.writeTo(out);
          out.flush();
        });
  }

  /**
   * Replaces {@code target} whole with a copy of {@code source} (a tier's log as it is now).
   *
   * @return {@code target}
   * @throws UncheckedIOException naming the files
   */
  public static Path copy(Path source, Path target) {
    return replace(target, out -> Files.copy(source, out));
  }
}
