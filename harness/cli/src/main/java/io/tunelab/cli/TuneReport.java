package io.tunelab.cli;

import io.tunelab.core.results.ComparisonText;
import io.tunelab.core.results.OutputFormat;
import io.tunelab.core.results.StepResult;
import io.tunelab.core.stats.Comparison;
import io.tunelab.core.tune.TuneLoop;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * tune.md, tune.json and tune.html: the ladder found, each trial's verdict and run, the confirmed
 * gain.
 */
final class TuneReport {
  private TuneReport() {}

  /**
   * A finished tune, as its files show it.
   *
   * @param confirmation the run that measured the end against the start again; null without one
   * @param runs every run's folder, in order: the start, the trials, the confirmation
   */
  record Outcome(
      String experiment,
      TuneGoal goal,
      TuneLoop.Result result,
      TuneTrials.Ran confirmation,
      List<Path> runs) {}

  /**
   * tune.md, tune.json and tune.html, written as every result file is (OutputFiles: whole or not at
   * all).
   */
  static final List<OutputFormat<Outcome>> FORMATS =
      List.of(
          OutputFormat.of(
              "tune.md",
              o -> markdown(o.experiment(), o.goal(), o.result(), o.confirmation(), o.runs())),
          OutputFormat.of(
              "tune.json",
              o ->
                  Json.write(json(o.experiment(), o.goal(), o.result(), o.confirmation(), o.runs()))
                      + "\n"),
          OutputFormat.of("tune.html", TuneHtml::render));

  /**
   * The confirmation's comparison of the end with the start, or null without one.
   *
   * @param confirmation the run that measured the end against the start again
   */
  static Comparison confirmed(TuneTrials.Ran confirmation, TuneGoal goal) {
    if (confirmation == null) {
      return null;
    }
    List<StepResult> steps = confirmation.result().steps();
    if (steps.size() < 2) {
      return null;
    }
    return goal.compare(steps.get(0), steps.get(1));
  }

  static String markdown(
      String experiment,
      TuneGoal goal,
      TuneLoop.Result result,
      TuneTrials.Ran confirmation,
      List<Path> runs) {
    StringBuilder md = new StringBuilder();
    md.append("# Tune of ").append(experiment).append("\n\n");
    md.append("Start: ").append(knobs(result.start())).append("  \n");
    md.append("End: ").append(knobs(result.end())).append("  \n");
    md.append("Goal: ").append(goal.label()).append("  \n");
    md.append("Stopped: ").append(result.stopped()).append(".  \n");
    md.append("Ladder: `ladder.yaml`, the start and each kept change on top of the ones before")
        .append(" (`tunelab run` replays it).\n\n");
    md.append("| trial | change | proposed by | kept | verdict | run |\n");
    md.append("| ---: | --- | --- | --- | --- | --- |\n");
    for (int i = 0; i < result.steps().size(); i++) {
      TuneLoop.Step step = result.steps().get(i);
      md.append(
          String.format(
              Locale.ROOT,
              "| %d | %s | %s | %s | %s | %s |%n",
              i + 1,
              change(step),
              step.proposedBy(),
              step.kept() ? "yes" : "no",
              step.reason(),
              i + 1 < runs.size() ? runs.get(i + 1).getFileName() : "-"));
    }
    if (!result.refused().isEmpty()) {
      md.append("\nNot tried: ").append(String.join("; ", result.refused())).append(".\n");
    }
    Comparison gain = confirmed(confirmation, goal);
    md.append("\n");
    if (!result.finished()) {
      md.append("Not finished: no confirmation run yet.\n");
    } else if (confirmation == null) {
      md.append("Nothing was kept: the start stands, no confirmation run.\n");
    } else if (gain == null || gain.ratio() == null) {
      md.append("Confirmation (")
          .append(confirmation.dir().getFileName())
          .append("): no comparison of the end with the start.\n");
    } else {
      md.append(
          String.format(
              Locale.ROOT,
              "Confirmation, the end against the start measured again (%s): %s %.3fx%s, %s.%n",
              confirmation.dir().getFileName(),
              goal.label(),
              gain.ratio(),
              gain.ratioCi95() != null && gain.ratioCi95().bounded()
                  ? String.format(
                      Locale.ROOT, " [%.3f, %.3f]", gain.ratioCi95().low(), gain.ratioCi95().high())
                  : "",
              verdict(gain)));
    }
    return md.toString();
  }

  /** The change in code type: {@code `knob=value`}, and what it was set with. */
  static String change(TuneLoop.Step step) {
    StringBuilder change = new StringBuilder("`" + step.knob() + "=" + step.value() + "`");
    if (!step.with().isEmpty()) {
      change.append(" with ");
      change.append(
          String.join(
              ", ",
              step.with().entrySet().stream()
                  .map(e -> "`" + e.getKey() + "=" + e.getValue() + "`")
                  .toList()));
    }
    return change.toString();
  }

  static Map<String, Object> json(
      String experiment,
      TuneGoal goal,
      TuneLoop.Result result,
      TuneTrials.Ran confirmation,
      List<Path> runs) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("experiment", experiment);
    json.put("goal", goal.key());
    json.put("start", result.start());
    json.put("end", result.end());
    json.put("stopped", result.stopped());
    json.put("finished", result.finished());
    List<Map<String, Object>> steps = new ArrayList<>();
    for (int i = 0; i < result.steps().size(); i++) {
      TuneLoop.Step step = result.steps().get(i);
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("knob", step.knob());
      row.put("value", step.value());
      if (!step.with().isEmpty()) {
        row.put("with", step.with());
      }
      row.put("proposedBy", step.proposedBy());
      row.put("kept", step.kept());
      row.put("reason", step.reason());
      row.put("ratio", step.ratio());
      row.put("run", i + 1 < runs.size() ? runs.get(i + 1).getFileName().toString() : null);
      steps.add(row);
    }
    json.put("trials", steps);
    json.put("refused", result.refused());
    json.put("runs", runs.stream().map(run -> run.getFileName().toString()).toList());
    if (confirmation != null) {
      Map<String, Object> confirmed = new LinkedHashMap<>();
      confirmed.put("run", confirmation.dir().getFileName().toString());
      confirmed.put(goal.key(), confirmed(confirmation, goal));
      json.put("confirmation", confirmed);
    }
    return json;
  }

  private static String verdict(Comparison gain) {
    String p = gain.pAdjusted() == null ? "" : ", p " + ComparisonText.p(gain.pAdjusted());
    return switch (gain.verdict()) {
      case BETTER -> "better" + p;
      case WORSE -> "worse" + p;
      case NO_SIGNIFICANT_DIFFERENCE ->
          "no significant difference"
              + p
              + (gain.mde() == null
                  ? ""
                  : String.format(Locale.ROOT, " (MDE %.1f%%)", 100 * gain.mde()));
      case TOO_FEW_REPETITIONS -> "too few repetitions to tell";
    };
  }

  private static String knobs(Map<String, String> knobs) {
    if (knobs.isEmpty()) {
      return "the experiment's knobs";
    }
    List<String> set = new ArrayList<>();
    knobs.forEach((name, value) -> set.add("`" + name + "=" + value + "`"));
    return String.join(", ", set);
  }
}
