package io.tunelab.run;

import io.tunelab.core.knobs.WorkloadKnobs;
import java.nio.file.Path;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The reasons every plan's outcome shares for calling a measured run invalid, each appended to the
 * verdict in the same words: a JTL with nothing in it, a load JVM that failed other than by failed
 * samples, errors over {@code workload.maxErrorPercent}. Each returns whether the run is invalid.
 */
final class Verdicts {
  private Verdicts() {}

  /**
   * @param what what the JTL holds one sample of: {@code request}, {@code message}
   */
  static boolean empty(StringBuilder verdict, long samples, String what, Path log) {
    if (samples > 0) {
      return false;
    }
    verdict
        .append("; INVALID: no ")
        .append(what)
        .append(" in the JTL (see ")
        .append(log)
        .append(')');
    return true;
  }

  /** The load JVM ends with status 1 when samples failed; any other failure status breaks a run. */
  static boolean loadFailed(StringBuilder verdict, int exitCode, long errors) {
    if (exitCode == 0 || (exitCode == 1 && errors > 0)) {
      return false;
    }
    verdict.append("; INVALID: the load JVM ended with status ").append(exitCode);
    return true;
  }

  static boolean tooManyErrors(StringBuilder verdict, double errorPercent, double maxErrorPercent) {
    if (errorPercent <= maxErrorPercent) {
      return false;
    }
    verdict.append(
        String.format(
            Locale.ROOT,
            "; INVALID: errors %.1f%% over workload.maxErrorPercent %s%%",
            errorPercent,
            WorkloadKnobs.MAX_ERROR_PERCENT.format(maxErrorPercent)));
    return true;
  }

  /**
   * Appends the open model's achieved arrival rate beside its target.
   *
   * @return the achieved rate, null when fewer than two arrivals give none
   */
  static Double arrivals(StringBuilder verdict, double target, OptionalDouble achieved) {
    verdict.append(
        achieved.isEmpty()
            ? "; achieved arrival rate unknown (fewer than two arrivals)"
            : String.format(
                Locale.ROOT,
                "; %.1f arrivals/min achieved of %.0f targeted",
                achieved.getAsDouble(),
                target));
    return achieved.isPresent() ? achieved.getAsDouble() : null;
  }
}
