package io.tunelab.tiers.broker;

import io.tunelab.core.BadInputException;
import io.tunelab.tiers.TunelabHome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * The built broker tier in a checkout: its runnable jar, the one broker.xml, and the directory of
 * Artemis' native journal library ({@code libartemis-native-64.so}) for this platform.
 *
 * @param nativeLibraryDir empty on a platform the library is not built for; ASYNCIO then falls back
 *     to NIO and the broker says so
 */
record BrokerDist(Path jar, Path brokerXml, Optional<Path> nativeLibraryDir) {
  static BrokerDist locate(TunelabHome home) {
    Path jar = home.dist("broker");
    Path brokerXml = home.root().resolve("harness/broker/config/broker.xml");
    if (!Files.isRegularFile(brokerXml)) {
      throw new BadInputException(
          brokerXml + " is missing: restore it from git (git checkout -- " + brokerXml + ")");
    }
    Optional<Path> nativeDir =
        platform()
            .map(p -> jar.resolveSibling("native").resolve("lib").resolve(p))
            .filter(Files::isDirectory);
    return new BrokerDist(jar, brokerXml, nativeDir);
  }

  /** The folder name activemq-artemis-native uses for this OS and CPU. */
  private static Optional<String> platform() {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    if (!os.contains("linux")) {
      return Optional.empty();
    }
    return switch (System.getProperty("os.arch", "")) {
      case "amd64", "x86_64" -> Optional.of("linux-x86_64");
      case "x86", "i386", "i686" -> Optional.of("linux-i686");
      default -> Optional.empty();
    };
  }
}
