package io.tunelab.tiers.stack;

import io.tunelab.core.BadInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The container images of the stack, pinned once in the checkout's {@code .env}, which {@code
 * docker compose} reads too.
 */
record ContainerImages(String postgres, String artemis, String wiremock) {
  static ContainerImages fromEnvFile(Path envFile) {
    Map<String, String> values = read(envFile);
    return new ContainerImages(
        require(values, envFile, "POSTGRES_IMAGE"),
        require(values, envFile, "ARTEMIS_IMAGE"),
        require(values, envFile, "WIREMOCK_IMAGE"));
  }

  static Map<String, String> read(Path envFile) {
    Map<String, String> values = new LinkedHashMap<>();
    try {
      for (String line : Files.readAllLines(envFile)) {
        String trimmed = line.trim();
        int equals = trimmed.indexOf('=');
        if (!trimmed.isEmpty() && !trimmed.startsWith("#") && equals > 0) {
          values.put(trimmed.substring(0, equals).trim(), trimmed.substring(equals + 1).trim());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + envFile, e);
    }
    return values;
  }

  private static String require(Map<String, String> values, Path envFile, String name) {
    String value = values.get(name);
    if (value == null || value.isBlank() || value.endsWith(":latest")) {
      throw new BadInputException(
          envFile + " must pin " + name + " to an image with a version tag, was " + value);
    }
    return value;
  }
}
