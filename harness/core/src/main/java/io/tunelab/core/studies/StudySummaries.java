package io.tunelab.core.studies;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.tunelab.core.BadInputException;
import io.tunelab.core.results.OutputFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The committed study summaries: {@code <root>/<experiment>.json}, one per study experiment ({@code
 * results/studies/} in the checkout). Read strictly: a misspelt field in a hand-edited summary (its
 * {@code discussion}) is an error, not a silently lost text.
 */
public final class StudySummaries {
  private static final ObjectMapper JSON = new ObjectMapper();
  // "\n" whatever the platform, so a summary recorded anywhere diffs cleanly
  private static final ObjectWriter WRITER =
      JSON.writer(new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n")));

  private final Path root;

  public StudySummaries(Path root) {
    this.root = root;
  }

  public Path root() {
    return root;
  }

  /** Where the summary of {@code experiment} is. */
  public Path file(String experiment) {
    return root.resolve(experiment + ".json");
  }

  /**
   * The summary, when one was recorded.
   *
   * @throws BadInputException when the file is there but is not a study summary
   */
  public Optional<StudySummary> read(String experiment) {
    Path file = file(experiment);
    return Files.isRegularFile(file) ? Optional.of(read(file)) : Optional.empty();
  }

  /** Every summary, by file name. */
  public List<StudySummary> all() {
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    List<Path> files;
    try (Stream<Path> list = Files.list(root)) {
      files = list.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + root, e);
    }
    List<StudySummary> out = new ArrayList<>();
    files.forEach(f -> out.add(read(f)));
    return out;
  }

  /**
   * Writes a freshly recorded summary with {@code discussion} when given, else with the discussion
   * of the summary recorded before it (a person's text outlives the numbers it discusses).
   *
   * @return the file written
   */
  public Path save(StudySummary fresh, Optional<String> discussion) {
    discussion.ifPresent(text -> Discussion.check(text, fresh));
    String text =
        discussion.orElseGet(
            () -> read(fresh.experiment()).map(StudySummary::discussion).orElse(""));
    return write(fresh.withDiscussion(text));
  }

  /** Writes {@code summary}, replacing the one before it whole; returns its file. */
  public Path write(StudySummary summary) {
    return OutputFiles.replace(file(summary.experiment()), json(summary));
  }

  /** The file's text: indented, fields in a fixed order, a newline at the end. */
  public static String json(StudySummary summary) {
    try {
      return WRITER.writeValueAsString(summary) + "\n";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static StudySummary read(Path file) {
    try {
      return JSON.readValue(Files.readString(file, StandardCharsets.UTF_8), StudySummary.class);
    } catch (IOException e) {
      throw new BadInputException(
          "cannot read the study summary "
              + file
              + " ("
              + e.getMessage()
              + "): fix the file (only its discussion is meant to be edited by hand) or record it"
              + " again with ./tunelab studies record RUN_DIR",
          e);
    }
  }
}
