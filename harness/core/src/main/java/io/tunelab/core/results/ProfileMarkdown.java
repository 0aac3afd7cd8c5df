package io.tunelab.core.results;

import io.tunelab.core.measure.JfrProfile;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * summary.md's view beneath the numbers: what the JDK Flight Recorder saw of the middleware in each
 * recorded window ({@code middleware.jvm.jfr}), per step: collections and each generation after
 * them, window by window (a leak shows as an old generation that only grows), then the methods on
 * top of the step's sampled stacks and the monitors its threads waited for.
 */
final class ProfileMarkdown {
  private static final int TOP = 5;

  private ProfileMarkdown() {}

  /** The section; empty when no repetition was recorded. */
  static String of(RunResult run) {
    StringBuilder md = new StringBuilder();
    for (StepResult step : run.steps()) {
      List<Repetition> recorded =
          step.repetitions().stream().filter(r -> r.profile() != null).toList();
      if (!recorded.isEmpty()) {
        md.append("\n### Beneath the numbers: ").append(step.name()).append("\n\n");
        md.append(
            "| rep | collections | pauses | old generation after them | young after them, most |"
                + " top method | longest monitor wait |\n");
        md.append("| ---: | ---: | --- | --- | ---: | --- | --- |\n");
        recorded.forEach(r -> md.append(row(r)));
        md.append(hotMethods(recorded));
      }
    }
    if (md.length() > 0) {
      md.insert(
          0,
          "\n## Beneath the numbers\n\nThe JDK Flight Recorder's view of the middleware JVM in"
              + " each measured window (`middleware.jvm.jfr`; each recording is `middleware.jfr`"
              + " in its repetition's folder, for JDK Mission Control or `jfr print`).\n");
    }
    return md.toString();
  }

  private static String row(Repetition r) {
    JfrProfile p = r.profile();
    JfrProfile.GcSummary gc = p.gc();
    JfrProfile.HeapAfterGc old = p.heap().get("old");
    JfrProfile.HeapAfterGc young = p.heap().get("young");
    String top = p.hotMethods().isEmpty() ? "-" : code(p.hotMethods().get(0).method());
    String monitor =
        p.monitors().isEmpty()
            ? "none over the threshold"
            : String.format(
                Locale.ROOT,
                "%s in %s (%d waits, %.0f ms in all)",
                code(p.monitors().get(0).monitorClass()),
                code(p.monitors().get(0).site()),
                p.monitors().get(0).waits(),
                p.monitors().get(0).totalMillis());
    return String.format(
        Locale.ROOT,
        "| %d | %s | %s | %s | %s | %s | %s |%n",
        r.number(),
        gc == null ? "-" : Integer.toString(gc.count()),
        gc == null || gc.count() == 0
            ? "-"
            : String.format(
                Locale.ROOT,
                "%.0f ms in all, longest %.1f ms",
                gc.pauseTotalMillis(),
                gc.pauseMaxMillis()),
        old == null
            ? "-"
            : String.format(
                Locale.ROOT,
                "%.1f -> %.1f MB (most %.1f)",
                old.firstMegabytes(),
                old.lastMegabytes(),
                old.maxMegabytes()),
        young == null ? "-" : String.format(Locale.ROOT, "%.1f MB", young.maxMegabytes()),
        top,
        monitor);
  }

  /** The step's hottest methods over its recorded windows, by their share of the stack samples. */
  private static String hotMethods(List<Repetition> recorded) {
    Map<String, Long> samples = new LinkedHashMap<>();
    long total = 0;
    for (Repetition r : recorded) {
      List<JfrProfile.HotMethod> hot = r.profile().hotMethods();
      if (hot.isEmpty() || hot.get(0).percent() <= 0) {
        continue;
      }
      // each window keeps its top ten: its total is read back from the first one's share
      total += Math.round(hot.get(0).samples() * 100 / hot.get(0).percent());
      hot.forEach(h -> samples.merge(h.method(), h.samples(), Long::sum));
    }
    if (total == 0) {
      return "";
    }
    StringBuilder md =
        new StringBuilder("\nOn top of the sampled stacks (of ")
            .append(total)
            .append(" samples in ")
            .append(recorded.size())
            .append(recorded.size() == 1 ? " window" : " windows")
            .append("):\n\n");
    long all = total;
    samples.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .limit(TOP)
        .forEach(
            e ->
                md.append(
                    String.format(
                        Locale.ROOT,
                        "- %s %.1f%%%n",
                        code(e.getKey()),
                        100.0 * e.getValue() / all)));
    return md.toString();
  }

  private static String code(String text) {
    return "`" + text.replace("`", "'") + "`";
  }
}
