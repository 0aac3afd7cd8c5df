package io.tunelab.core.studies;

import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.Study;
import io.tunelab.core.stats.RatioInterval;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The text of docs/studies.md: its intro, the overview table and one section per story. */
final class StudyMarkdown {
  private StudyMarkdown() {}

  static String intro() {
    return """
        # The studies, re-measured

        <!-- Generated from results/studies/*.json and experiments/studies/*.yaml by
             %s; do not edit: StudiesPageTest fails when it drifts. -->

        The tuning studies tunelab re-creates (integration teams tuning Oracle SOA/AIA stacks:
        the order-to-bill flow and billing care, a service broker, a messaging server, a sort
        hub; each knob's origin is in [knobs.md](knobs.md)) published what each change did to
        their systems. This page puts tunelab's measured effect of the same change beside theirs.
        Every study story is an experiment in `experiments/studies/`; its `study:` block names
        the study, the metric compared (throughput unless it says otherwise) and, per step, the
        study's effect in words, the direction it saw the metric move (`up`, `down`, `none`) and
        what the step is compared with: `previous`, the step before it (a ladder, each step
        keeping the earlier changes) or `baseline`, the experiment's baseline step.

        How to read a row: **tunelab** is the step against the one it is compared with, as a
        change in %%, with its 95%% interval. Steps measured in rounds (one repetition of each
        per round, in a random order) are compared round by round ("paired" in the direction
        column): the change is the geometric mean of the rounds' ratios and **p** a t test on
        their logarithms, so what drifts between rounds cancels; otherwise it is the ratio of
        the means with Fieller's interval and Welch's test. Either way one value per repetition,
        Holm-adjusted over the expectations of one experiment; the **direction** is up or down
        when that p is under 0.05, else within noise with the smallest change (MDE) the
        repetitions could have detected, and says whether it is the study's. **median** and **CV** are
        the step's, over its counted repetitions (valid, undisturbed, steady), **n** the
        repetitions of the step and of the one it is compared with. The same sign with another
        size is no contradiction: the studies measured Oracle SOA/AIA on their hardware, tunelab
        measures open-source parts on one small machine; a study's discussion says why the
        magnitude differs where the physics differ. Under each table, what every step cost per
        order or request (CPU per tier, WAL, statements, commits: the medians of the observer's
        work cost) shows the mechanism, also where the throughput moved within noise.

        To measure a study again (one run at a time: measurements must never overlap), then
        commit `results/studies/<experiment>.json` and this page:

        ```
        ./tunelab run experiments/studies/<story>.yaml
        ./tunelab studies record results/<run-id>
        %s
        ```

        `studies record` writes `results/studies/<experiment>.json` and keeps its discussion;
        `--discussion @file.md` replaces it.
        """
        .formatted(StudiesPage.REGENERATE, StudiesPage.REGENERATE);
  }

  static String overview(Map<String, List<StudyEntry>> byStudy, List<StudyEntry> withoutBlock) {
    StringBuilder out =
        new StringBuilder("\n| study | experiment | measured | direction as the study's |\n");
    out.append("| --- | --- | --- | --- |\n");
    byStudy.forEach((study, entries) -> entries.forEach(e -> out.append(row(study, e))));
    withoutBlock.forEach(e -> out.append(row("(no study block)", e)));
    return out.toString();
  }

  private static String row(String study, StudyEntry e) {
    StudySummary s = e.summary();
    String measured = s == null ? "not measured yet" : s.date() + ", run `" + s.runId() + "`";
    String matches = "-";
    if (s != null) {
      long yes = s.expectations().stream().filter(m -> m.match() == StudySummary.Match.YES).count();
      matches = yes + " of " + s.expectations().size();
    }
    return "| %s | %s (`%s`) | %s | %s |\n"
        .formatted(cell(study), e.name(), e.file(), measured, matches);
  }

  static String entry(StudyEntry entry) {
    StringBuilder out = new StringBuilder("\n### ").append(entry.name()).append("\n\n");
    out.append("`").append(entry.file()).append("`");
    Experiment experiment = entry.experiment();
    if (experiment == null) {
      out.append(
          ": no experiment of this name in experiments/studies/ now; this summary is what is"
              + " left of it.\n");
    } else {
      out.append(experiment.description().isBlank() ? "" : ": " + experiment.description().strip());
      out.append("\n");
    }
    if (entry.summary() == null) {
      return out.append(notMeasured(entry)).toString();
    }
    return out.append(measured(entry)).toString();
  }

  private static String notMeasured(StudyEntry entry) {
    StringBuilder out = new StringBuilder("\n**Not measured yet**: `./tunelab run ");
    out.append(entry.file()).append("`, then `./tunelab studies record results/<run-id>`.\n");
    Optional<Study> block = entry.experiment().studyBlock();
    if (block.isEmpty()) {
      return out.append(
              "It has no `study:` block yet: add one (the study's name, the metric, per step the"
                  + " study's effect) before recording it.\n")
          .toString();
    }
    Study study = block.get();
    out.append("\nMetric: ").append(study.metric().key()).append(".\n\n");
    out.append("| step | compared with | the study | the study's direction |\n");
    out.append("| --- | --- | --- | --- |\n");
    for (Study.Expectation e : study.expectations()) {
      out.append(
          "| %s | %s | %s | %s |\n"
              .formatted(e.step(), e.against().label(), cell(e.effect()), e.direction().label()));
    }
    return out.toString();
  }

  private static String measured(StudyEntry entry) {
    StudySummary s = entry.summary();
    StringBuilder out = new StringBuilder("\n");
    if (entry.blockChanged()) {
      out.append(
          "**The `study:` block changed since this run was recorded**: record it again"
              + " (`./tunelab studies record RUN_DIR`, or a new run).\n\n");
    }
    out.append("Metric: ")
        .append(s.study().metric())
        .append(" (")
        .append(s.study().unit())
        .append(").\n\n");
    out.append(
            "| step | compared with | the study | tunelab | 95% interval | median | CV | p (Holm)")
        .append(" | n | direction |\n");
    out.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    for (StudySummary.Measured m : s.expectations()) {
      out.append(row(s, m));
    }
    out.append(costs(s));
    out.append("\n").append(machine(s));
    out.append("\n**Discussion.** ")
        .append(
            s.discussion().isBlank() ? "None written yet." : Discussion.render(s.discussion(), s))
        .append("\n");
    return out.toString();
  }

  private static String row(StudySummary s, StudySummary.Measured m) {
    Optional<StudySummary.StepValues> step =
        s.steps().stream().filter(v -> v.name().equals(m.step())).findFirst();
    return "| %s | %s (%s) | %s | %s | %s | %s | %s | %s | %d vs %d | %s |\n"
        .formatted(
            m.step(),
            m.comparedWith(),
            m.against(),
            cell(m.effect()),
            m.ratio() == null ? "-" : change(m.ratio()),
            interval(m.ratioCi95()),
            step.map(v -> number(v.median()) + " " + s.study().unit()).orElse("-"),
            step.map(v -> v.cv() == null ? "-" : percent(v.cv())).orElse("-"),
            m.pAdjusted() == null ? "-" : p(m.pAdjusted()),
            m.nStep(),
            m.nAgainst(),
            direction(m) + ("paired".equals(m.design()) ? ", paired" : ""));
  }

  // Every step's work cost per unit: the mechanism behind the metric, also where it moved within
  // noise. Absent for runs without the observer.
  private static String costs(StudySummary s) {
    if (s.steps().stream().allMatch(v -> v.costs() == null)) {
      return "";
    }
    String unit = workUnit(s.study().unit());
    StringBuilder out =
        new StringBuilder("\nWhat each step cost per ")
            .append(unit)
            .append(" (medians of its counted repetitions; CPU in ms, all cores):\n\n");
    out.append("| step | median | CV | middleware CPU | database CPU | broker CPU | WAL |")
        .append(" statements | commits |\n");
    out.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    for (StudySummary.StepValues v : s.steps()) {
      StudySummary.Costs c = v.costs();
      out.append(
          "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n"
              .formatted(
                  v.name(),
                  number(v.median()) + " " + s.study().unit(),
                  v.cv() == null ? "-" : percent(v.cv()),
                  c == null ? "-" : optional(c.middlewareCpuMillis()),
                  c == null ? "-" : optional(c.dbCpuMillis()),
                  c == null ? "-" : optional(c.brokerCpuMillis()),
                  c == null || c.walBytes() == null ? "-" : bytes(c.walBytes()),
                  c == null ? "-" : optional(c.statements()),
                  c == null ? "-" : optional(c.commits())));
    }
    return out.toString();
  }

  // "orders/min" -> "order", "CPU ms per request" -> "request"
  private static String workUnit(String unit) {
    if (unit.contains(" per ")) {
      return unit.substring(unit.lastIndexOf(" per ") + 5);
    }
    if (unit.contains("/")) {
      return unit.substring(0, unit.indexOf('/')).replaceFirst("s$", "");
    }
    return "unit";
  }

  private static String optional(Double v) {
    return v == null ? "-" : number(v);
  }

  private static String bytes(double b) {
    if (b >= 1024 * 1024) {
      return String.format(Locale.ROOT, "%.2f MB", b / (1024 * 1024));
    }
    return b >= 1024 ? String.format(Locale.ROOT, "%.1f KB", b / 1024) : number(b) + " B";
  }

  private static String machine(StudySummary s) {
    StudySummary.Machine m = s.machine();
    return "Measured by run `%s` on %s, commit `%s`: %d cores%s, %,d MB memory, %s, JDK %s,"
            .formatted(
                s.runId(),
                s.date(),
                s.commit(),
                m.cores(),
                m.cpuModel() == null ? "" : " (" + m.cpuModel() + ")",
                m.memoryMegabytes(),
                m.os(),
                m.jdk())
        + " PostgreSQL %s; %s. Command: `%s`\n"
            .formatted(m.postgresql(), protocol(s.repetitions()), s.command());
  }

  /** How many repetitions ran: a fixed count, or the rounds adaptive stopping ran and why. */
  private static String protocol(StudySummary.Protocol p) {
    String order = p.order() == null ? "" : ", " + p.order();
    if (p.rounds() == null) {
      return "%d repetitions per step%s".formatted(p.perStep(), order);
    }
    return "%d rounds, a repetition of each step per round (at least %d%s%s)"
        .formatted(
            p.rounds(),
            p.perStep(),
            order,
            p.stoppedBy() == null ? "" : "; stopped: " + p.stoppedBy());
  }

  private static String direction(StudySummary.Measured m) {
    return switch (m.match()) {
      case YES -> "yes (" + m.measured().label() + ")";
      case NO -> "no (" + m.measured().label() + ", the study " + m.expected() + ")";
      case WITHIN_NOISE ->
          "within noise (the study "
              + m.expected()
              + (m.mde() == null ? "" : "; MDE " + percent(m.mde()))
              + ")";
      case NOT_TESTED -> "not tested (fewer than 2 repetitions)";
    };
  }

  static String change(double ratio) {
    return String.format(Locale.ROOT, "%+.1f%%", (ratio - 1) * 100);
  }

  static String interval(RatioInterval ci) {
    if (ci == null) {
      return "-";
    }
    return ci.bounded() ? change(ci.low()) + " .. " + change(ci.high()) : "unbounded";
  }

  private static String percent(double fraction) {
    return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
  }

  static String p(double p) {
    return p < 0.001 ? "< 0.001" : String.format(Locale.ROOT, "%.3f", p);
  }

  static String number(double v) {
    double a = Math.abs(v);
    String format = a >= 100 ? "%,.0f" : a >= 10 ? "%.1f" : "%.2f";
    return String.format(Locale.ROOT, format, v);
  }

  // A table cell: one line, no column break
  private static String cell(String text) {
    return text.strip().replace("\n", " ").replace("|", "\\|");
  }
}
