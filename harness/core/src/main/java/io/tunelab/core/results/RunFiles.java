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
import java.util.List;

/** Writes a run's files in its {@link ResultFormat}s and reads its {@code run.json} back. */
public final class RunFiles {
  public static final String RUN_JSON = "run.json";
  public static final String SUMMARY_MD = "summary.md";
  public static final String REPETITIONS_CSV = "repetitions.csv";

  private static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private RunFiles() {}

  /** The formats written at every save of a run, in this order: the data first. */
  public static final List<ResultFormat> FORMATS =
      List.of(
          ResultFormat.of(RUN_JSON, run -> json(run) + "\n"),
          ResultFormat.of(SUMMARY_MD, SummaryMarkdown::of),
          ResultFormat.of(REPETITIONS_CSV, RepetitionsCsv::of));

  /**
   * Writes {@code run.json}, {@code summary.md} and {@code repetitions.csv} into {@code dir}, each
   * replaced whole (written aside, then moved), so a reader never sees half a file.
   */
  public static void write(Path dir, RunResult run) {
    write(dir, run, FORMATS);
  }

  /**
   * Writes {@code run} into {@code dir} in each of {@code formats}, each file replaced whole.
   *
   * @return the files written, in the order of {@code formats}
   */
  public static List<Path> write(Path dir, RunResult run, List<ResultFormat> formats) {
    return OutputFiles.write(dir, run, formats);
  }

  /**
   * Reads a run: its folder or its {@code run.json}. Fields unknown to this version are ignored, so
   * newer results stay comparable. A run that says {@code running} while its controller is gone is
   * read as {@code interrupted} ({@link RunResult#asSeenNow()}).
   *
   * @throws BadInputException when there is no such run or it is not a run.json
   */
  public static RunResult read(Path runOrFile) {
    Path file = Files.isDirectory(runOrFile) ? runOrFile.resolve(RUN_JSON) : runOrFile;
    try {
      return JSON.readValue(Files.readString(file, StandardCharsets.UTF_8), RunResult.class)
          .asSeenNow();
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
}
