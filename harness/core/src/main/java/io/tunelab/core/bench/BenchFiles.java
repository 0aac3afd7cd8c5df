package io.tunelab.core.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.tunelab.core.results.OutputFiles;
import io.tunelab.core.results.OutputFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/** A bench's files in its results folder: the data, the CI server's test report, the summary. */
public final class BenchFiles {
  public static final String BENCH_JSON = "bench.json";

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** Written in this order, the data first. */
  public static final List<OutputFormat<BenchResult>> FORMATS =
      List.of(
          OutputFormat.of(BENCH_JSON, result -> json(result) + "\n"),
          OutputFormat.of(JunitXml.FILE, JunitXml::of),
          OutputFormat.of(BenchMarkdown.FILE, BenchMarkdown::of));

  private BenchFiles() {}

  /** Writes the bench's files into {@code dir}, each replaced whole. */
  public static List<Path> write(Path dir, BenchResult result) {
    return OutputFiles.write(dir, result, FORMATS);
  }

  /** The bench's result as {@code bench.json} holds it. */
  public static String json(BenchResult result) {
    try {
      return JSON.writeValueAsString(result);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
