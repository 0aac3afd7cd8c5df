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
 * docker compose} reads too: the official images, or ({@code TUNELAB_IMAGES=built}, in the
 * environment or {@code .env}) the ones {@code containers/build-images.sh} builds here, which run
 * on the host's network.
 *
 * @param postgres the database's image
 * @param artemis the broker's image
 * @param wiremock the mocks' image (all three back-ends in one container when {@code built})
 * @param built whether these are tunelab's own images
 */
record ContainerImages(String postgres, String artemis, String wiremock, boolean built) {
  static final String CHOICE = "TUNELAB_IMAGES";

  static ContainerImages fromEnvFile(Path envFile) {
    return fromEnvFile(envFile, Map.of());
  }

  /** The images {@code .env} pins, of the kind {@code environment}'s {@value #CHOICE} asks for. */
  static ContainerImages fromEnvFile(Path envFile, Map<String, String> environment) {
    Map<String, String> values = read(envFile);
    String choice = environment.getOrDefault(CHOICE, values.getOrDefault(CHOICE, "official"));
    return switch (choice) {
      case "official" ->
          new ContainerImages(
              require(values, envFile, "POSTGRES_IMAGE"),
              require(values, envFile, "ARTEMIS_IMAGE"),
              require(values, envFile, "WIREMOCK_IMAGE"),
              false);
      case "built" ->
          new ContainerImages(
              require(values, envFile, "TUNELAB_DB_BUILT"),
              require(values, envFile, "TUNELAB_BROKER_BUILT"),
              require(values, envFile, "TUNELAB_MOCKS_BUILT"),
              true);
      default ->
          throw new BadInputException(
              CHOICE
                  + " must be official (the images .env pins) or built (tunelab's own, from"
                  + " containers/build-images.sh), was '"
                  + choice
                  + "'");
    };
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
