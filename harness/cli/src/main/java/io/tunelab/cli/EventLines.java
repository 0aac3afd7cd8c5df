package io.tunelab.cli;

import io.tunelab.core.results.MeasuredWindow;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.SteadyStateReport;
import io.tunelab.core.stats.WarmupRule;
import io.tunelab.run.Progress;
import io.tunelab.run.RunEvent;
import java.util.Locale;

/** How the run loop's events read on the command line: one line each. */
final class EventLines {
  private EventLines() {}

  static String of(RunEvent event) {
    // Java 17 has no pattern switch: the chain ends in an error so a new event is not silent
    if (event instanceof RunEvent.RunStarted e) {
      return "tunelab: run " + e.runId() + " -> " + e.runDir();
    }
    if (event instanceof RunEvent.WarmupRound e) {
      return warmupRound(e);
    }
    if (event instanceof RunEvent.WarmupEnded e) {
      return warmupEnded(e);
    }
    if (event instanceof RunEvent.RepetitionFinished e) {
      return repetition(e);
    }
    if (event instanceof RunEvent.TierNotice e) {
      return e.text();
    }
    if (event instanceof RunEvent.MiddlewareRevived e) {
      return e.step()
          + " rep "
          + e.repetition()
          + ": starting the middleware again, "
          + e.why().lines().findFirst().orElse(e.why());
    }
    throw new IllegalArgumentException("no line for " + event);
  }

  /** " / db 18.2 / broker 3.5" when the stack's other tiers were read. */
  private static String otherTiers(WarmupRule.Batch judged) {
    StringBuilder out = new StringBuilder();
    for (String tier : new String[] {"db", "broker"}) {
      Double cpu = judged.costPerUnit().get(tier);
      if (cpu != null) {
        out.append(String.format(Locale.ROOT, " / %s %.1f%s", tier, cpu, jit(judged, tier)));
      }
    }
    return out.toString();
  }

  /** " (JIT 31%)": the share of a JVM tier's CPU its compiler threads took; "" when unread. */
  private static String jit(WarmupRule.Batch judged, String tier) {
    Double jit = judged.costPerUnit().get(WarmupRule.jitSeries(tier));
    Double cpu = judged.costPerUnit().get(tier);
    if (jit == null || cpu == null || cpu <= 0) {
      return "";
    }
    return String.format(Locale.ROOT, " (JIT %.0f%%)", Math.min(100, 100 * jit / cpu));
  }

  private static String warmupRound(RunEvent.WarmupRound e) {
    WarmupRule.Batch judged = e.judged();
    String cpu =
        judged.cpuMillisPerOrder() == null
            ? ""
            : String.format(
                Locale.ROOT,
                ", middleware %.1f%s%s ms CPU/%s",
                judged.cpuMillisPerOrder(),
                jit(judged, WarmupRule.MIDDLEWARE),
                otherTiers(judged),
                perUnit(e.unit()));
    String steal =
        judged.stealPercent() == null
            ? "?"
            : String.format(Locale.ROOT, "%.1f%%", judged.stealPercent());
    return String.format(
        Locale.ROOT,
        "%s warm-up %s %d: %.1f %s%s, steal %s%s",
        head(e.at()),
        e.part(),
        e.number(),
        judged.throughputPerMinute(),
        e.unit(),
        cpu,
        steal,
        e.disturbed() ? " (disturbed: not judged)" : "");
  }

  /** What a throughput unit counts, one of it: orders/min -> order. */
  private static String perUnit(String throughputUnit) {
    String plural = throughputUnit.replace("/min", "");
    return plural.endsWith("s") ? plural.substring(0, plural.length() - 1) : plural;
  }

  private static String warmupEnded(RunEvent.WarmupEnded e) {
    SteadyStateReport report = e.report();
    String level =
        report.reached()
            ? String.format(Locale.ROOT, "steady at %.1f %s", report.levelPerMinute(), e.unit())
            : "NO STEADY STATE (" + report.endedBy() + ")";
    return String.format(
        Locale.ROOT,
        "%s warm-up %s after %d %s, %d %s and %.1f s (shape %s)",
        head(e.at()),
        level,
        e.parts(),
        e.partName(),
        e.units(),
        e.unitName(),
        report.millis() / 1000.0,
        report.shape());
  }

  private static String repetition(RunEvent.RepetitionFinished e) {
    Repetition done = e.repetition();
    String how = "";
    MeasuredWindow w = done.measures().window();
    if (w != null) {
      how =
          String.format(
              Locale.ROOT,
              " steady (%.1f whole drain, %s mode, JVM %d)",
              w.wholeThroughputPerMinute(),
              w.mode(),
              done.middlewareJvm());
    }
    return String.format(
        Locale.ROOT,
        "%s %.1f %s%s, p99 %.0f ms, %s",
        head(e.at()),
        done.metrics().throughputPerMinute(),
        e.unit(),
        how,
        done.metrics().latencyMillis().p99(),
        done.verdict());
  }

  private static String head(Progress.Position at) {
    return at.step() + " rep " + at.repetition() + ":";
  }
}
