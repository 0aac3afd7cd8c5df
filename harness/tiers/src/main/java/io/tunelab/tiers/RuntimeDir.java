package io.tunelab.tiers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where running stacks keep their data, logs and process records: the system property {@value
 * #PROPERTY}, the environment variable {@value #ENV}, or {@code <tmpdir>/tunelab-<user>}.
 *
 * <p>It lives outside the checkout on purpose: the PostgreSQL server runs as the {@code postgres}
 * user when we are root and must be able to reach its data directory, which a checkout under {@code
 * /root} would not allow.
 */
public final class RuntimeDir {
  public static final String PROPERTY = "tunelab.runtime";
  public static final String ENV = "TUNELAB_RUNTIME";

  private RuntimeDir() {}

  public static Path root() {
    String configured = System.getProperty(PROPERTY, System.getenv(ENV));
    Path root =
        configured != null && !configured.isBlank()
            ? Path.of(configured)
            : Path.of(System.getProperty("java.io.tmpdir"), "tunelab-" + user());
    try {
      Files.createDirectories(root);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the runtime directory " + root, e);
    }
    return root.toAbsolutePath().normalize();
  }

  private static String user() {
    return System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9_.-]", "_");
  }
}
