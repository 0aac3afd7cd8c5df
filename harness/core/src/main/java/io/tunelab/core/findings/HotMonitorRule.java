package io.tunelab.core.findings;

import io.tunelab.core.knobs.MiddlewareKnobs;
import io.tunelab.core.measure.JfrProfile;
import io.tunelab.core.stack.TierName;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A lock the middleware's threads queue for: in a recorded window ({@code middleware.jvm.jfr}) its
 * threads spent at least {@value #MIN_BLOCKED_THREADS} of a thread's time, on average, waiting to
 * enter one monitor at one site (JFR's {@code jdk.JavaMonitorEnter}, waits of 1 ms or more), in at
 * least {@value #MIN_WAITS} waits. The study's service broker found its threads stuck in
 * synchronized logging this way, from thread dumps; the finding names the monitor's class, where
 * the threads waited and what relieves it.
 */
final class HotMonitorRule implements FindingRule {
  static final double MIN_BLOCKED_THREADS = 0.1;
  static final int MIN_WAITS = 5;

  @Override
  public List<Finding> apply(RunData data) {
    if (data.profile().isEmpty() || data.profile().get().seconds() <= 0) {
      return List.of();
    }
    JfrProfile profile = data.profile().get();
    List<Finding> found = new ArrayList<>();
    for (JfrProfile.Monitor monitor : profile.monitors()) {
      double blocked = monitor.totalMillis() / 1000.0 / profile.seconds();
      if (blocked < MIN_BLOCKED_THREADS || monitor.waits() < MIN_WAITS) {
        continue;
      }
      List<String> evidence = new ArrayList<>();
      evidence.add(
          String.format(
              Locale.ROOT,
              "%s jdk.JavaMonitorEnter: %d waits on %s in %s, %.0f ms in all, longest %.0f ms,"
                  + " over %.0f s",
              profile.file(),
              monitor.waits(),
              monitor.monitorClass(),
              monitor.site(),
              monitor.totalMillis(),
              monitor.maxMillis(),
              profile.seconds()));
      String message =
          String.format(
              Locale.ROOT,
              "the middleware's threads waited %.1f s in %.0f s to enter monitors of %s in %s (%d"
                  + " waits, the longest %.0f ms): on average %.2f threads blocked there, work the"
                  + " lock makes one thread at a time; %s",
              monitor.totalMillis() / 1000.0,
              profile.seconds(),
              monitor.monitorClass(),
              monitor.site(),
              monitor.waits(),
              monitor.maxMillis(),
              blocked,
              relief(monitor));
      found.add(
          new Finding(
              FindingKind.HOT_MONITOR,
              TierName.MIDDLEWARE.label() + ": " + monitor.monitorClass(),
              message,
              evidence,
              candidates(monitor)));
    }
    return found;
  }

  /** What a lock is, as far as its class and site tell. */
  private enum Lock {
    DIAGNOSTICS,
    LOGGING,
    POOL,
    OTHER;

    static Lock of(JfrProfile.Monitor monitor) {
      String where = (monitor.monitorClass() + " " + monitor.site()).toLowerCase(Locale.ROOT);
      if (where.contains("diagnostics") || where.contains("stopwatch")) {
        return DIAGNOSTICS;
      }
      if (where.contains("log4j")
          || where.contains("logback")
          || where.contains("logger")
          || where.contains("appender")) {
        return LOGGING;
      }
      return where.contains("hikari") || where.contains("pool") ? POOL : OTHER;
    }
  }

  /** What relieves the lock, as far as its class and site tell. */
  static String relief(JfrProfile.Monitor monitor) {
    return switch (Lock.of(monitor)) {
      case DIAGNOSTICS ->
          "it is the middleware's diagnostics (a debug line and a stopwatch per activity):"
              + " turn them off (middleware.diagnostics=off), as the study's patch did";
      case LOGGING -> "it is logging: log less on this path, or asynchronously";
      case POOL ->
          "it is a pool: raise its size (middleware.jdbc.poolSize) or hold its items shorter";
      case OTHER ->
          "shorten what runs under it or split it (jfr print --events jdk.JavaMonitorEnter on the"
              + " recording shows the waiting stacks)";
    };
  }

  /** The knobs that relieve it, where a knob does; code to change otherwise. */
  static List<Candidate> candidates(JfrProfile.Monitor monitor) {
    return switch (Lock.of(monitor)) {
      case DIAGNOSTICS -> List.of(Candidate.set(MiddlewareKnobs.DIAGNOSTICS, false));
      case POOL -> List.of(Candidate.raise(MiddlewareKnobs.JDBC_POOL_SIZE));
      case LOGGING, OTHER -> List.of();
    };
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(JfrProfile.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.HOT_MONITOR,
            "a recorded window (`middleware.jvm.jfr`): the middleware's threads waited, "
                + "on average, at least 0.1 threads' worth of the window to enter one monitor "
                + "at one site, in 5+ waits of 1 ms or more (JFR's `jdk.JavaMonitorEnter`)",
            "names the monitor's class and where the threads waited (the first method "
                + "outside the JDK), the threads blocked on average, and what relieves it: "
                + "the middleware's diagnostics (`middleware.diagnostics=off`), logging, a "
                + "pool (`middleware.jdbc.poolSize`), else shortening or splitting what runs "
                + "under it; evidence: the recording's waits, total and longest"));
  }
}
