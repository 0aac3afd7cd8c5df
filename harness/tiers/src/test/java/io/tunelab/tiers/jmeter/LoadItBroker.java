package io.tunelab.tiers.jmeter;

import io.tunelab.tiers.broker.BrokerConfig;
import io.tunelab.tiers.broker.BrokerTier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Stream;

/** The broker and run folders the load tier's ITs share: NIO journal, syncs on, a small heap. */
public final class LoadItBroker {
  private LoadItBroker() {}

  public static BrokerTier start() throws IOException {
    BrokerConfig config =
        new BrokerConfig(
            0,
            true,
            BrokerConfig.JournalType.NIO,
            true,
            true,
            0,
            5,
            "DLQ",
            List.of("-Xms64m", "-Xmx256m"));
    // owned by this JVM: a killed test run leaves no broker behind; a folder of this JVM's, since
    // verify's forks run two classes at once and a shared one was emptied under a running broker
    long pid = ProcessHandle.current().pid();
    return BrokerTier.start(config, freshDir("broker-" + pid), OptionalLong.of(pid));
  }

  /** An empty {@code target/it/load/<name>}, emptied of an earlier run's files. */
  public static Path freshDir(String name) throws IOException {
    Path dir = Path.of("target", "it", "load", name).toAbsolutePath();
    if (Files.exists(dir)) {
      try (Stream<Path> paths = Files.walk(dir)) {
        for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(path);
        }
      }
    }
    return Files.createDirectories(dir);
  }
}
