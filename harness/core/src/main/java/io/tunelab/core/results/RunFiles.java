package io.tunelab.core.results;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.tunelab.core.BadInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes and reads a run's {@code run.json}, {@code summary.md} and {@code repetitions.csv}. */
public final class RunFiles {
  public static final String RUN_JSON = "run.json";
  public static final String SUMMARY_MD = "summary.md";
  public static final String REPETITIONS_CSV = "repetitions.csv";

  private static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private RunFiles() {}

  /**
   * Writes {@code run.json}, {@code summary.md} and {@code repetitions.csv} into {@code dir}, each
   * replaced whole (written aside, then moved), so a reader never sees half a file.
   */
  public static void write(Path dir, RunResult run) {
    try {
      Files.createDirectories(dir);
      replace(dir.resolve(RUN_JSON), JSON.writeValueAsString(run) + "\n");
      replace(dir.resolve(SUMMARY_MD), SummaryMarkdown.of(run));
      replace(dir.resolve(REPETITIONS_CSV), RepetitionsCsv.of(run));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the results in " + dir, e);
    }
  }

  /**
   * Reads a run: its folder or its {@code run.json}. Fields unknown to this version are ignored, so
   * newer results stay comparable.
   *
   * @throws BadInputException when there is no such run or it is not a run.json
   */
  public static RunResult read(Path runOrFile) {
    Path file = Files.isDirectory(runOrFile) ? runOrFile.resolve(RUN_JSON) : runOrFile;
    try {
      return JSON.readValue(Files.readString(file, StandardCharsets.UTF_8), RunResult.class);
    } catch (NoSuchFileException e) {
      throw new BadInputException(
          "no run at " + runOrFile + ": give a results/<run-id> folder or its run.json");
    } catch (IOException e) {
      throw new BadInputException("cannot read " + file + " as a tunelab run.json: " + e, e);
    }
  }

  /** The JSON text of a run, as {@code run.json} holds it. */
  public static String json(RunResult run) {
    try {
      return JSON.writeValueAsString(run);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void replace(Path target, String text) throws IOException {
    Path aside = target.resolveSibling(target.getFileName() + ".tmp");
    Files.writeString(aside, text, StandardCharsets.UTF_8);
    Files.move(aside, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
