package io.tunelab.tiers.db;

import io.tunelab.tiers.TierInputException;
import io.tunelab.tiers.TierStartException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a PostgreSQL server that ended during start into a message whose first words are
 * PostgreSQL's own about what it refused (usually a {@code -c} setting), followed by the fix: bad
 * input when it names a parameter, a tier failure otherwise.
 */
final class StartupFailure {
  private static final Pattern COMPLAINT =
      Pattern.compile("\\b(PANIC|FATAL|ERROR|DETAIL|HINT):\\s+(.*)$");
  private static final Pattern PARAMETER = Pattern.compile("parameter \"([^\"]+)\"");

  /** What our readiness probe's early connections make the server log: not the problem. */
  private static final Pattern PROBE_NOISE = Pattern.compile("the database system is ");

  private StartupFailure() {}

  /**
   * @param log the server's log of this start
   * @param otherwise what to say when the log names no complaint, e.g. the readiness timeout
   */
  static RuntimeException from(Path log, String otherwise) {
    List<String> complaints = complaints(log);
    if (complaints.isEmpty()) {
      return new TierStartException("db", otherwise, log);
    }
    Set<String> parameters = new LinkedHashSet<>();
    for (String complaint : complaints) {
      Matcher matcher = PARAMETER.matcher(complaint);
      while (matcher.find()) {
        parameters.add(matcher.group(1));
      }
    }
    String problem =
        "PostgreSQL refused to start: " + String.join(" ", complaints) + " " + fix(parameters);
    // A complaint that names a parameter is about a db.server.* knob; any other is the server's.
    return parameters.isEmpty()
        ? new TierStartException("db", problem, log)
        : new TierInputException("db", problem, log);
  }

  private static String fix(Set<String> parameters) {
    String which =
        parameters.isEmpty()
            ? "the db.server.* settings"
            : "the "
                + String.join(", ", parameters.stream().map(p -> "db.server." + p).toList())
                + " setting";
    return "Fix: check "
        + which
        + " (SELECT name, setting, unit, min_val, max_val, enumvals FROM pg_settings lists the"
        + " valid names and values).";
  }

  private static List<String> complaints(Path log) {
    List<String> lines;
    try {
      lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return List.of();
    }
    List<String> found = new ArrayList<>();
    for (String line : lines) {
      Matcher matcher = COMPLAINT.matcher(line);
      if (matcher.find() && !PROBE_NOISE.matcher(line).find()) {
        found.add(matcher.group(1) + ": " + matcher.group(2).strip());
      }
    }
    return found;
  }
}
