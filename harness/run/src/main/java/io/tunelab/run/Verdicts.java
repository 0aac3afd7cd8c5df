package io.tunelab.run;

import io.tunelab.core.findings.TierCrash;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.WorkloadKnobs;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The reasons every plan's outcome shares for calling a measured run invalid, each appended to the
 * verdict in the same words: a JTL with nothing in it, a load JVM that failed other than by failed
 * samples, errors over {@code workload.maxErrorPercent}. Each returns whether the run is invalid.
 */
public final class Verdicts {
  private Verdicts() {}

  /**
   * @param what what the JTL holds one sample of: {@code request}, {@code message}
   */
  public static boolean empty(StringBuilder verdict, long samples, String what, Path log) {
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
  public static boolean loadFailed(StringBuilder verdict, int exitCode, long errors) {
    if (exitCode == 0 || (exitCode == 1 && errors > 0)) {
      return false;
    }
    verdict.append("; INVALID: the load JVM ended with status ").append(exitCode);
    return true;
  }

  public static boolean tooManyErrors(
      StringBuilder verdict, double errorPercent, double maxErrorPercent) {
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
   * Names the tier {@code workload.crash} killed; true (invalid) when the load ended before the
   * crash was due: such a repetition measured a load without the crash it was asked to.
   *
   * @param done the units done by the end (orders completed, messages finished)
   */
  public static boolean crashMissed(
      StringBuilder verdict, KnobSet knobs, Optional<TierCrash> crash, long done, String unitName) {
    WorkloadKnobs.Crash asked = knobs.get(WorkloadKnobs.CRASH);
    if (asked == WorkloadKnobs.Crash.NONE) {
      return false;
    }
    if (crash.isEmpty()) {
      verdict
          .append("; INVALID: workload.crash=")
          .append(asked.label())
          .append(" never came: the load ended with ")
          .append(done)
          .append(' ')
          .append(unitName)
          .append(" done, under workload.crashAtPercent ")
          .append(knobs.get(WorkloadKnobs.CRASH_AT_PERCENT))
          .append("% of it");
      return true;
    }
    TierCrash c = crash.get();
    verdict.append(
        String.format(
            Locale.ROOT,
            "; workload.crash: the %s tier killed at %d of %d %s done, back on its data in %.1f s",
            c.tier(),
            c.doneAtKill(),
            c.units(),
            c.unitName(),
            c.downMillis() / 1000.0));
    List<String> traded = knobs.durabilityTraded();
    if (!traded.isEmpty()) {
      // what the crash may take is the configuration's choice: said, not hidden among the errors
      verdict
          .append("; the loss window of ")
          .append(String.join(", ", traded))
          .append(" (each trades durability for speed: a crash may lose what was not yet on disk,")
          .append(" and the accounting above counts what it lost)");
    }
    return false;
  }

  /**
   * Appends the open model's achieved arrival rate beside its target.
   *
   * @return the achieved rate, null when fewer than two arrivals give none
   */
  public static Double arrivals(StringBuilder verdict, double target, OptionalDouble achieved) {
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
