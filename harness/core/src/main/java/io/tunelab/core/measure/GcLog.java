package io.tunelab.core.measure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the pauses of a JVM's unified GC log, written with {@link #xlogFlag}: one line per pause
 * tagged {@code [gc]}, e.g. {@code [2026-11-22T10:00:01.123+0000][1.234s][info][gc] GC(3) Pause
 * Young (Normal) (G1 Evacuation Pause) 24M->8M(256M) 3.456ms}, as G1, Parallel and Serial write
 * them. Concurrent phases are not pauses and are skipped.
 */
public final class GcLog {
  private static final Pattern PAUSE =
      Pattern.compile(
          "^\\[([^\\]]+)\\]\\[[\\d.]+s\\]\\[info\\s*\\]\\[gc\\s*\\] GC\\(\\d+\\) (Pause .*?)"
              + " (\\d+)([KMG])->(\\d+)([KMG])\\((\\d+)([KMG])\\) ([\\d.]+)ms$");
  private static final Pattern COLLECTOR =
      Pattern.compile("^\\[[^\\]]+\\]\\[[\\d.]+s\\]\\[info\\s*\\]\\[gc\\s*\\] Using (.+)$");
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

  private GcLog() {}

  /**
   * The JVM flag that makes a JVM write the log this class reads: all GC messages to {@code file},
   * each with wall-clock time, uptime, level and tags, never rotated.
   */
  public static String xlogFlag(Path file) {
    return "-Xlog:gc*:file=" + file.toAbsolutePath() + ":time,uptime,level,tags:filecount=0";
  }

  /**
   * One stop-the-world pause.
   *
   * @param epochMillis when it was logged (its end)
   * @param type e.g. {@code Pause Young (Normal) (G1 Evacuation Pause)}
   * @param beforeMegabytes heap used before it, MB
   * @param afterMegabytes heap used after it, MB
   * @param capacityMegabytes heap committed after it, MB
   * @param millis its duration, milliseconds
   */
  public record Pause(
      long epochMillis,
      String type,
      double beforeMegabytes,
      double afterMegabytes,
      double capacityMegabytes,
      double millis) {
    public boolean full() {
      return type.startsWith("Pause Full");
    }
  }

  /** The pauses in a log, oldest first; none when the file does not exist. */
  public static List<Pause> pauses(Path file) {
    List<Pause> pauses = new ArrayList<>();
    for (String line : lines(file)) {
      parse(line).ifPresent(pauses::add);
    }
    return pauses;
  }

  /** The collector the log names ({@code G1}, {@code Parallel}, {@code Serial}), or empty. */
  public static Optional<String> collector(Path file) {
    for (String line : lines(file)) {
      Matcher m = COLLECTOR.matcher(line);
      if (m.matches()) {
        return Optional.of(m.group(1).trim());
      }
    }
    return Optional.empty();
  }

  static Optional<Pause> parse(String line) {
    Matcher m = PAUSE.matcher(line);
    if (!m.matches()) {
      return Optional.empty();
    }
    long epochMillis = OffsetDateTime.parse(m.group(1), TIME).toInstant().toEpochMilli();
    return Optional.of(
        new Pause(
            epochMillis,
            m.group(2).trim(),
            megabytes(m.group(3), m.group(4)),
            megabytes(m.group(5), m.group(6)),
            megabytes(m.group(7), m.group(8)),
            Double.parseDouble(m.group(9))));
  }

  private static double megabytes(String amount, String unit) {
    double value = Double.parseDouble(amount);
    return switch (unit) {
      case "K" -> value / 1024;
      case "G" -> value * 1024;
      default -> value;
    };
  }

  private static List<String> lines(Path file) {
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the GC log " + file, e);
    }
  }
}
