package io.tunelab.core.bench;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.tunelab.core.BadInputException;
import io.tunelab.core.results.OutputFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The baselines: {@code <root>/<suite>/<machine>/<experiment>.json}, one per experiment of a suite
 * and kind of machine ({@code results/baselines/} in the checkout). A machine's folder is named by
 * its {@link Fingerprint#machineKey()}, so baselines of several kinds of machine live side by side
 * and each machine finds its own.
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

  /** Where the baseline of {@code experiment} in {@code suite} on {@code machine} is. */
  public Path file(String suite, String machine, String experiment) {
    return root.resolve(suite).resolve(machine).resolve(experiment + ".json");
  }

  /**
   * The baseline, when one was recorded.
   *
   * @throws BadInputException when the file is there but is not a baseline
   */
  public Optional<Baseline> read(String suite, String machine, String experiment) {
    Path file = file(suite, machine, experiment);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      Baseline baseline =
          JSON.readValue(Files.readString(file, StandardCharsets.UTF_8), Baseline.class);
      return Optional.of(baseline);
    } catch (IOException | IllegalArgumentException | NullPointerException e) {
      throw new BadInputException(
          "cannot read the baseline "
              + file
              + " ("
              + e.getMessage()
              + "): delete it and record it again (tunelab bench SUITE --record-baseline, or"
              + " tunelab baseline update RUN --suite "
              + suite
              + " --new)",
          e);
    }
  }

  /** The machines with a baseline of {@code experiment} in {@code suite}, by key, sorted. */
  public List<String> machines(String suite, String experiment) {
    Path dir = root.resolve(suite);
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> machines = Files.list(dir)) {
      return machines
          .filter(m -> Files.isRegularFile(m.resolve(experiment + ".json")))
          .map(m -> m.getFileName().toString())
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the baselines in " + dir, e);
    }
  }

  /** Writes {@code baseline}, replacing the one before it whole; returns its file. */
  public Path write(Baseline baseline) {
    Path file = file(baseline.suite(), baseline.machine(), baseline.experiment());
    try {
      return OutputFiles.replace(file, JSON.writeValueAsString(baseline) + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the baseline " + file, e);
    }
  }
}
