package io.tunelab.tiers.broker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** What the broker ITs share: a fresh tier directory each, kept under target/ for its log. */
final class BrokerTests {
  private BrokerTests() {}

  /** An empty {@code target/it/broker/<name>}; its log stays there after the test. */
  static Path freshDir(String name) throws IOException {
    Path dir = Path.of("target", "it", "broker", name).toAbsolutePath();
    if (Files.exists(dir)) {
      try (Stream<Path> paths = Files.walk(dir)) {
        for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(path);
        }
      }
    }
    return Files.createDirectories(dir);
  }

  /** A config for tests: small heap, any free port, the given journal and persistence. */
  static BrokerConfig config(boolean persistence, BrokerConfig.JournalType journal) {
    return new BrokerConfig(
        0, persistence, journal, true, true, 0, 5, "DLQ", List.of("-Xms64m", "-Xmx256m"));
  }

  /** Processes whose command line mentions {@code dir}: what a broker started there left. */
  static List<ProcessHandle> processesUsing(Path dir) {
    String needle = dir.toString();
    return ProcessHandle.allProcesses()
        .filter(ProcessHandle::isAlive)
        .filter(p -> p.info().commandLine().map(c -> c.contains(needle)).orElse(false))
        .toList();
  }
}
