package io.tunelab.tiers.db;

import io.tunelab.tiers.RuntimeDir;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Folders for test clusters. Under the runtime dir rather than JUnit's @TempDir, whose mode 700
 * would keep the postgres user out (tunelab runs as root here).
 */
public final class DbTestDirs {
  private DbTestDirs() {}

  public static Path fresh(String name) {
    return RuntimeDir.root()
        .resolve("it-db")
        .resolve(name + "-" + UUID.randomUUID().toString().substring(0, 8));
  }

  /** The test JVM as the tier's owner: a test run killed half-way leaves no server behind. */
  public static OptionalLong ownedByThisJvm() {
    return OptionalLong.of(ProcessHandle.current().pid());
  }

  public static void delete(Path root) {
    if (root == null || !Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Processes whose command line mentions {@code dir}: what a tier there left running. */
  static Stream<ProcessHandle> processesUsing(Path dir) {
    String path = dir.toAbsolutePath().normalize().toString();
    return ProcessHandle.allProcesses()
        .filter(
            p ->
                p.info().commandLine().map(c -> c.contains(path)).orElse(false)
                    || p.info()
                        .arguments()
                        .map(args -> String.join(" ", args).contains(path))
                        .orElse(false));
  }
}
