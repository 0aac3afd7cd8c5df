package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A private runtime directory for one test. Not JUnit's {@code @TempDir}: that is mode 700, and
 * when tunelab runs as root the PostgreSQL server runs as {@code postgres}, which must be able to
 * enter it.
 */
final class TestRuntime implements AutoCloseable {
  private final Path dir;

  TestRuntime() throws IOException {
    dir =
        Files.createTempDirectory(
            "tunelab-it-",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
  }

  Path dir() {
    return dir;
  }

  /** The one run folder {@code tunelab run --out out} wrote. */
  static Path onlyRun(Path out) throws IOException {
    try (Stream<Path> runs = Files.list(out)) {
      List<Path> all = runs.filter(Files::isDirectory).toList();
      assertThat(all).hasSize(1);
      return all.get(0);
    }
  }

  @Override
  public void close() throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
