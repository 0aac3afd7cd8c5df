package io.tunelab.cli;

import io.tunelab.core.report.HtmlText;
import io.tunelab.core.stats.Comparison;
import io.tunelab.core.tune.TuneLoop;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * tune.html: the path a tune took, on one self-contained page (no script, no network): the goal's
 * index at each kept step (the start 100, each kept change's ratio on top of the ones before, as
 * its trial measured it), every trial in a table with the rejected ones greyed, the finding that
 * proposed each change and a link to the trial's own report, then the confirmation.
 */
final class TuneHtml {
  private static final int WIDTH = 640;
  private static final int HEIGHT = 220;
  private static final int PAD = 40;

  private TuneHtml() {}

  static String render(TuneReport.Outcome outcome) {
    TuneLoop.Result result = outcome.result();
    List<Path> runs = outcome.runs();
    StringBuilder html = new StringBuilder();
    html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
        .append("<title>Tune of ")
        .append(escape(outcome.experiment()))
        .append("</title>\n<style>\n")
        .append("body{font-family:sans-serif;margin:2em;max-width:70em}")
        .append("table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3em .6em;")
        .append("text-align:left;vertical-align:top}")
        .append("tr.rejected{color:#999}tr.kept{font-weight:bold}code{font-size:95%}")
        .append("\n</style></head><body>\n");
    html.append("<h1>Tune of ").append(escape(outcome.experiment())).append("</h1>\n");
    html.append("<p>Goal: <b>")
        .append(escape(outcome.goal().label()))
        .append("</b>. Start: ")
        .append(knobs(result.start()))
        .append(". End: ")
        .append(knobs(result.end()))
        .append(". Stopped: ")
        .append(escape(result.stopped()))
        .append(".</p>\n");
    html.append(chart(outcome.goal(), result)).append('\n');
    html.append(
        "<table><tr><th>trial</th><th>change</th><th>proposed by</th><th>kept</th>"
            + "<th>verdict</th><th>run</th></tr>\n");
    for (int i = 0; i < result.steps().size(); i++) {
      TuneLoop.Step step = result.steps().get(i);
      String run = i + 1 < runs.size() ? runs.get(i + 1).getFileName().toString() : null;
      html.append("<tr class=\"")
          .append(step.kept() ? "kept" : "rejected")
          .append("\"><td>")
          .append(i + 1)
          .append("</td><td><code>")
          .append(escape(step.label()))
          .append("</code></td><td>")
          .append(escape(step.proposedBy()))
          .append("</td><td>")
          .append(step.kept() ? "yes" : "no")
          .append("</td><td>")
          .append(escape(step.reason()))
          .append("</td><td>")
          .append(
              run == null
                  ? "-"
                  : "<a href=\"" + escape(run) + "/report.html\">" + escape(run) + "</a>")
          .append("</td></tr>\n");
    }
    html.append("</table>\n");
    if (!result.refused().isEmpty()) {
      html.append("<p>Not tried:</p><ul>\n");
      for (String refused : result.refused()) {
        html.append("<li>").append(escape(refused)).append("</li>\n");
      }
      html.append("</ul>\n");
    }
    html.append("<p>").append(confirmation(outcome)).append("</p>\n");
    html.append(
        "<p>The ladder found: <a href=\"ladder.yaml\">ladder.yaml</a> (<code>tunelab run</code>"
            + " replays it); tune.md and tune.json hold the same. How the tuner decides:"
            + " docs/tune.md.</p>\n");
    return html.append("</body></html>\n").toString();
  }

  /**
   * The goal's index after each kept step, as an SVG line: the start 100, then each kept ratio
   * multiplied in. For a goal where lower is better, the index falls as it improves.
   */
  static String chart(TuneGoal goal, TuneLoop.Result result) {
    List<Double> index = new ArrayList<>();
    List<String> labels = new ArrayList<>();
    index.add(100.0);
    labels.add("start");
    double value = 100;
    for (TuneLoop.Step step : result.steps()) {
      if (step.kept() && step.ratio() != null) {
        value *= step.ratio();
        index.add(value);
        labels.add(step.label());
      }
    }
    double max = index.stream().mapToDouble(Double::doubleValue).max().orElse(100) * 1.1;
    StringBuilder svg = new StringBuilder();
    svg.append(
            String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                    + " role=\"img\" aria-label=\"%s index per kept step\">",
                WIDTH,
                HEIGHT,
                escape(goal.label())))
        .append(
            String.format(
                Locale.ROOT,
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#999\"/>",
                PAD,
                HEIGHT - PAD,
                WIDTH - PAD,
                HEIGHT - PAD));
    StringBuilder points = new StringBuilder();
    for (int i = 0; i < index.size(); i++) {
      double x = index.size() == 1 ? PAD : PAD + (WIDTH - 2.0 * PAD) * i / (index.size() - 1);
      double y = HEIGHT - PAD - (HEIGHT - 2.0 * PAD) * index.get(i) / max;
      points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
      svg.append(
              String.format(
                  Locale.ROOT,
                  "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#1f77b4\"/>"
                      + "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"middle\">%.0f"
                      + "</text>",
                  x,
                  y,
                  x,
                  y - 8,
                  index.get(i)))
          .append(
              String.format(
                  Locale.ROOT,
                  "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">%s</text>",
                  x,
                  HEIGHT - PAD + 14,
                  escape(labels.get(i))));
    }
    svg.append("<polyline fill=\"none\" stroke=\"#1f77b4\" points=\"")
        .append(points.toString().strip())
        .append("\"/>")
        .append(
            String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"14\" font-size=\"11\">%s, index of the start (100), as each"
                    + " kept trial measured it%s</text>",
                PAD,
                escape(goal.label()),
                goal == TuneGoal.THROUGHPUT ? "" : "; lower is better"))
        .append("</svg>");
    return svg.toString();
  }

  private static String confirmation(TuneReport.Outcome outcome) {
    if (!outcome.result().finished()) {
      return "Not finished: no confirmation run yet.";
    }
    if (outcome.confirmation() == null) {
      return "Nothing was kept: the start stands, no confirmation run.";
    }
    Comparison gain = TuneReport.confirmed(outcome.confirmation(), outcome.goal());
    String run = outcome.confirmation().dir().getFileName().toString();
    String link = "<a href=\"" + escape(run) + "/report.html\">" + escape(run) + "</a>";
    if (gain == null || gain.ratio() == null) {
      return "Confirmation (" + link + "): no comparison of the end with the start.";
    }
    String interval =
        gain.ratioCi95() != null && gain.ratioCi95().bounded()
            ? String.format(
                Locale.ROOT, " [%.3f, %.3f]", gain.ratioCi95().low(), gain.ratioCi95().high())
            : "";
    return String.format(
        Locale.ROOT,
        "Confirmation, the end against the start measured again (%s): <b>%s %.3fx%s</b>, %s.",
        link,
        escape(outcome.goal().label()),
        gain.ratio(),
        interval,
        escape(gain.verdict().name().toLowerCase(Locale.ROOT).replace('_', ' ')));
  }

  private static String knobs(Map<String, String> knobs) {
    if (knobs.isEmpty()) {
      return "the experiment's knobs";
    }
    List<String> set = new ArrayList<>();
    knobs.forEach((name, value) -> set.add("<code>" + escape(name + "=" + value) + "</code>"));
    return String.join(", ", set);
  }

  private static String escape(String text) {
    return HtmlText.escape(text);
  }
}
