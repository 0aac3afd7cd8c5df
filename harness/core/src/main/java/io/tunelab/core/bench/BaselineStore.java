package io.tunelab.core.bench;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.tunelab.core.BadInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * The committed baselines: {@code <root>/<suite>/<experiment>.json}, one per experiment of a suite
 * ({@code results/baselines/} in the checkout).
 */
public final class BaselineStore {
  private static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private final Path root;

  public BaselineStore(Path root) {
    this.root = root;
  }

  /** Where the baseline of {@code experiment} in {@code suite} is. */
  public Path file(String suite, String experiment) {
    return root.resolve(suite).resolve(experiment + ".json");
  }

  /**
   * The baseline, when one was recorded.
   *
   * @throws BadInputException when the file is there but is not a baseline
   */
  public Optional<Baseline> read(String suite, String experiment) {
    Path file = file(suite, experiment);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          JSON.readValue(Files.readString(file, StandardCharsets.UTF_8), Baseline.class));
    } catch (IOException e) {
      throw new BadInputException(
          "cannot read the baseline "
              + file
              + " ("
              + e.getMessage()
              + "): record it again with tunelab baseline update RUN --suite "
              + suite,
          e);
    }
  }

  /** Writes {@code baseline}, replacing the one before it whole; returns its file. */
  public Path write(Baseline baseline) {
    Path file = file(baseline.suite(), baseline.experiment());
    try {
      Files.createDirectories(file.getParent());
      Path aside = file.resolveSibling(file.getFileName() + ".tmp");
      Files.writeString(aside, JSON.writeValueAsString(baseline) + "\n", StandardCharsets.UTF_8);
      return Files.move(
          aside, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the baseline " + file, e);
    }
  }
}
