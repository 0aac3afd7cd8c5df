package io.tunelab.core.bench;

import java.util.Locale;

/** A suite's result as Markdown a CI job can post: the runs, then every check. */
public final class BenchMarkdown {
  /** The file's name in a suite run's folder. */
  public static final String FILE = "summary.md";

  private BenchMarkdown() {}

  public static String of(BenchResult result) {
    StringBuilder md = new StringBuilder();
    md.append("# tunelab bench ")
        .append(result.suite())
        .append(": ")
        .append(result.passed() ? "**passed**" : "**FAILED**")
        .append("\n\n")
        .append(
            String.format(
                Locale.ROOT,
                "%d checks: %d passed, %d failed, %d not tested, %d recording the baseline."
                    + " Suite `%s`, %s to %s.%n%n",
                result.checks().size(),
                result.count(Check.Status.PASS),
                result.count(Check.Status.FAIL),
                result.count(Check.Status.NOT_TESTED),
                result.count(Check.Status.RECORDING),
                result.file(),
                result.startedAt(),
                result.finishedAt()))
        .append("| experiment | run | status | minutes |\n| --- | --- | --- | ---: |\n");
    for (BenchRun run : result.runs()) {
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | `%s` | %s | %.1f |%n",
              run.experiment(),
              run.runId(),
              run.passed() ? "complete, valid" : "**" + run.problem() + "**",
              run.seconds() / 60));
    }
    if (!result.baselines().isEmpty()) {
      md.append("\n| experiment | baseline | nights | |\n| --- | --- | ---: | --- |\n");
      for (BaselineUse use : result.baselines()) {
        md.append(
            String.format(
                Locale.ROOT,
                "| %s | %s | %d of %d | %s |%n",
                use.experiment(),
                use.state() == BaselineUse.State.GATE ? "gate" : "**recording**",
                use.nights(),
                use.wanted(),
                use.message().replace("|", "\\|")));
      }
    }
    md.append("\n| | experiment / step | threshold | found |\n| --- | --- | --- | --- |\n");
    for (Check c : result.checks()) {
      md.append("| ")
          .append(
              switch (c.status()) {
                case PASS -> "pass";
                case FAIL -> "**FAIL**";
                case NOT_TESTED -> "not tested";
                case RECORDING -> "recording";
              })
          .append(" | ")
          .append(c.experiment())
          .append(" / ")
          .append(c.step())
          .append(" | `")
          .append(c.threshold().text())
          .append("` | ")
          .append(c.message().replace("|", "\\|"))
          .append(" |\n");
    }
    md.append(
        "\nA relative check fails only when the change is past its limit and significant (Holm"
            + " over every relative check of the suite). While a machine's baseline is recorded"
            + " (its first nights) the relative checks record instead of judging; see"
            + " docs/benchmarks.md#baselines.\n");
    return md.toString();
  }
}
