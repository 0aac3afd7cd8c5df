package io.tunelab.tiers;

import io.tunelab.core.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The tunelab checkout: where {@code mocks/}, {@code db/}, {@code jmeter-plans/}, {@code
 * experiments/} and the built tier distributions live.
 *
 * <p>Found from the system property {@value #PROPERTY} (the {@code ./tunelab} script and the test
 * runners set it), the environment variable {@value #ENV}, or by walking up from the working
 * directory to the first folder holding {@code pom.xml}, {@code mocks/} and {@code db/}.
 */
public record TunelabHome(Path root) {
  public static final String PROPERTY = "tunelab.home";
  public static final String ENV = "TUNELAB_HOME";

  public TunelabHome {
    root = root.toAbsolutePath().normalize();
  }

  /** The checkout this process runs from. */
  public static TunelabHome locate() {
    String configured = System.getProperty(PROPERTY, System.getenv(ENV));
    if (configured != null && !configured.isBlank()) {
      Path root = Path.of(configured);
      if (!looksLikeHome(root)) {
        throw new BadInputException(
            PROPERTY
                + " / "
                + ENV
                + " points to "
                + root.toAbsolutePath()
                + ", which is not a tunelab checkout (no pom.xml, mocks/ and db/ there): point it"
                + " to the folder holding the tunelab README.md");
      }
      return new TunelabHome(root);
    }
    return walkUp(Path.of("").toAbsolutePath())
        .orElseThrow(
            () ->
                new BadInputException(
                    "cannot find the tunelab checkout from "
                        + Path.of("").toAbsolutePath()
                        + ": run from inside it or set "
                        + ENV));
  }

  private static Optional<TunelabHome> walkUp(Path start) {
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      if (looksLikeHome(dir)) {
        return Optional.of(new TunelabHome(dir));
      }
    }
    return Optional.empty();
  }

  private static boolean looksLikeHome(Path dir) {
    return Files.isRegularFile(dir.resolve("pom.xml"))
        && Files.isDirectory(dir.resolve("mocks"))
        && Files.isDirectory(dir.resolve("db"));
  }

  public Path mocks() {
    return root.resolve("mocks");
  }

  public Path db() {
    return root.resolve("db");
  }

  public Path plans() {
    return root.resolve("jmeter-plans");
  }

  public Path results() {
    return root.resolve("results");
  }

  /**
   * The runnable jar of a tier module built by Maven ({@code harness/<module>/target/dist}), its
   * libraries in {@code lib/} beside it.
   */
  public Path dist(String module) {
    Path jar =
        root.resolve("harness")
            .resolve(module)
            .resolve("target")
            .resolve("dist")
            .resolve("tunelab-" + module + ".jar");
    if (!Files.isRegularFile(jar)) {
      throw new BadInputException(
          "the "
              + module
              + " tier is not built ("
              + jar
              + " is missing): run ./mvnw -DskipTests package in "
              + root);
    }
    return jar;
  }
}
