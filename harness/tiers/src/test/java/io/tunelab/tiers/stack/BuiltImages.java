package io.tunelab.tiers.stack;

import io.tunelab.tiers.TunelabHome;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * tunelab's own images built from this checkout's tier jars, once per test JVM, by {@code
 * containers/build-images.sh} as a user builds them: the engine caches every layer the jars did not
 * change, so a build after the first takes seconds. Test JVMs of a verify build one at a time (a
 * lock file beside the runtime directories).
 */
final class BuiltImages {
  private static final Path LOCK = Path.of(System.getProperty("java.io.tmpdir"), "tunelab-images");
  private static Optional<String> missing;

  private BuiltImages() {}

  /**
   * Builds the images (or finds them up to date); empty when they are there, else what the build
   * lacks here (a tool, root: the script's exit 2), for a test to skip with. A build that fails
   * otherwise throws.
   */
  static synchronized Optional<String> build(TunelabHome home) throws Exception {
    if (missing != null) {
      return missing;
    }
    Path log = Files.createTempFile("tunelab-images", ".log");
    try (FileChannel channel =
            FileChannel.open(LOCK, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock held = channel.lock()) {
      Process build =
          new ProcessBuilder(home.root().resolve("containers/build-images.sh").toString())
              .directory(home.root().toFile())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      if (!build.waitFor(15, TimeUnit.MINUTES)) {
        build.descendants().forEach(ProcessHandle::destroyForcibly);
        build.destroyForcibly();
        throw new AssertionError(
            "containers/build-images.sh did not end in 15 minutes: " + tail(log));
      }
      if (build.exitValue() == 2) {
        missing = Optional.of("the images cannot be built here: " + tail(log));
      } else if (build.exitValue() != 0) {
        throw new AssertionError(
            "containers/build-images.sh exited with " + build.exitValue() + ": " + tail(log));
      } else {
        missing = Optional.empty();
      }
      return missing;
    } finally {
      Files.deleteIfExists(log);
    }
  }

  /** The tags the build gives the images, as .env pins them. */
  static List<String> tags(TunelabHome home) {
    ContainerImages images =
        ContainerImages.fromEnvFile(
            home.root().resolve(".env"), Map.of(ContainerImages.CHOICE, "built"));
    return List.of(images.postgres(), images.artemis(), images.wiremock());
  }

  private static String tail(Path log) throws IOException {
    List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
  }
}
