package io.tunelab.core.results;

import io.tunelab.core.experiment.Plan;
import io.tunelab.core.experiment.Repetitions;
import io.tunelab.core.stats.Comparison;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code summary.md}: the table an engineer pastes into a ticket. One row per step: knobs changed,
 * median throughput, p99 and p99.9 of the merged histograms, index (baseline = 100), the throughput
 * against the baseline (ratio of means, Fieller's 95% interval, verdict with Holm's adjusted p), CV
 * and the accounting.
 */
public final class SummaryMarkdown {
  private SummaryMarkdown() {}

  /** The count a step ran: an adaptive run's range and the rounds it took, not its minimum. */
  static String repetitionsPerStep(RunResult run) {
    Repetitions r = run.repetitions();
    if (r == null || !r.adaptive()) {
      return run.repeat() + (run.repeat() == 1 ? " repetition" : " repetitions") + " per step";
    }
    ScheduleOutcome schedule = run.schedule();
    String ran =
        schedule == null || schedule.rounds() == 0
            ? ""
            : " (" + schedule.rounds() + (schedule.rounds() == 1 ? " round" : " rounds") + " ran)";
    return r.min() + " to " + r.max() + " repetitions per step, until the target MDE" + ran;
  }

  public static String of(RunResult run) {
    StringBuilder md = new StringBuilder();
    md.append("# ").append(run.experiment()).append(" (").append(run.runId()).append(")\n\n");
    md.append(statusLine(run)).append(steadiness(run)).append(deadlines(run)).append("\n\n");
    md.append("Plan ")
        .append(run.plan())
        .append(", ")
        .append(repetitionsPerStep(run))
        .append("; baseline `")
        .append(run.baseline())
        .append("` = 100. Warm-up excluded. Throughput: median of the counted repetitions (")
        .append(Plan.wordsOf(run.plan()).window())
        .append("); p99 and p99.9:")
        .append(" of every sample of the step (")
        .append(latencyMethod(run))
        .append(").\n\n");
    md.append("| step | knobs changed | throughput (")
        .append(run.throughputUnit())
        .append(") | p99 (ms) | p99.9 (ms) | index | vs baseline: B/A [95% CI] | CV | ")
        .append(Plan.wordsOf(run.plan()).outcomes())
        .append(" |\n")
        .append("| --- | --- | ---: | ---: | ---: | ---: | --- | ---: | --- |\n");
    for (StepResult step : run.steps()) {
      md.append(row(step));
    }
    md.append("\nvs baseline: ")
        .append(vsBaselineMethod(run))
        .append(
            " the verdict is at 5% on p adjusted by Holm over every step compared with the baseline;"
                + " MDE: the smallest change these repetitions would detect (80% power). CV over 5% is"
                + " flagged `noisy`. `./tunelab compare RUN_A RUN_B` compares two runs (unpaired).\n");
    md.append(MeasurementMarkdown.of(run));
    md.append(OperationsMarkdown.of(run));
    md.append(findings(run));
    md.append(ProfileMarkdown.of(run));
    md.append(pastThePeak(run));
    if (run.environment() != null) {
      Environment env = run.environment();
      md.append("\nMeasured on ")
          .append(env.cores())
          .append(" cores, ")
          .append(env.memoryMegabytes())
          .append(" MB, ")
          .append(env.os())
          .append("; JDK ")
          .append(env.jdk())
          .append(", PostgreSQL ")
          .append(env.postgresql())
          .append(", Artemis ")
          .append(env.artemis())
          .append(", WireMock ")
          .append(env.wiremock())
          .append(", JMeter ")
          .append(env.jmeter())
          .append(env.stack() == null ? "" : "; the stack " + env.stack())
          .append("; commit ")
          .append(env.gitCommit())
          .append(".\n");
      md.append(HostPacesText.of(run));
      if (env.jvmOptionsFromEnvironment() != null && !env.jvmOptionsFromEnvironment().isEmpty()) {
        md.append("\n**Every JVM of this run also took options from the environment**, which no")
            .append(" knob shows: ");
        md.append(
            String.join(
                ", ",
                env.jvmOptionsFromEnvironment().entrySet().stream()
                    .map(e -> "`" + e.getKey() + "=" + e.getValue() + "`")
                    .toList()));
        md.append(". Compare it only with runs that took the same.\n");
      }
    }
    return md.toString();
  }

  /** Each step's findings, deduplicated over its repetitions; empty when nothing was observed. */
  /** How the steps were compared with the baseline: paired by round, unpaired, or both. */
  static String vsBaselineMethod(RunResult run) {
    List<Comparison.Design> designs =
        run.steps().stream()
            .map(StepResult::vsBaseline)
            .filter(c -> c != null && c.p() != null)
            .map(c -> c.design() == null ? Comparison.Design.UNPAIRED : c.design())
            .distinct()
            .toList();
    String paired =
        "paired steps (measured in rounds): the geometric mean of the rounds' throughput ratios"
            + " B/A with its 95% interval, a t test on the rounds' log ratios;";
    String unpaired =
        "unpaired steps: the mean throughput of the step's repetitions over the baseline's, with"
            + " Fieller's 95% interval, Welch's t-test;";
    boolean pooled =
        run.steps().stream()
            .map(StepResult::vsBaseline)
            .anyMatch(c -> c != null && Boolean.TRUE.equals(c.pooled()));
    String levels =
        pooled
            ? " where the repetitions agreed within their windows' noise, the windows' batch means"
                + " were pooled into the variance (marked in run.json);"
            : "";
    String method =
        designs.contains(Comparison.Design.PAIRED) && designs.contains(Comparison.Design.UNPAIRED)
            ? paired + " " + unpaired
            : designs.contains(Comparison.Design.PAIRED) ? paired : unpaired;
    return method + levels;
  }

  private static String findings(RunResult run) {
    StringBuilder md = new StringBuilder();
    for (StepResult step : run.steps()) {
      List<StepFindings.Counted> found = StepFindings.of(step);
      boolean observed = step.repetitions().stream().anyMatch(r -> r.findings() != null);
      if (!observed) {
        continue;
      }
      md.append("\n### Findings: ").append(step.name()).append("\n\n");
      if (found.isEmpty()) {
        md.append("None: no rule saw a bottleneck in the measured windows.\n");
      }
      for (StepFindings.Counted c : found) {
        md.append("- **")
            .append(c.finding().kind())
            .append("** `")
            .append(c.finding().subject())
            .append("` (")
            .append(c.repetitions())
            .append(" of ")
            .append(c.observed())
            .append(" repetitions): ")
            .append(c.finding().message())
            .append("\n");
      }
    }
    if (md.length() > 0) {
      md.insert(
          0,
          "\n## Findings\n\nHints with numbers from the observer; the data is in each"
              + " repetition's folder and in report.html.\n");
    }
    return md.toString();
  }

  /** The steps of a ladder or matrix row that lost throughput past its peak; empty when none. */
  private static String pastThePeak(RunResult run) {
    List<ScalingLoss> losses = ScalingLoss.of(run.steps());
    if (losses.isEmpty()) {
      return "";
    }
    StringBuilder md =
        new StringBuilder(
            "\n## Past the peak\n\nSteps set higher than the fastest step of their ladder (the"
                + " steps differing only in that knob), significantly slower than it (Welch, Holm"
                + " over every step past a peak in this run):\n\n");
    for (ScalingLoss loss : losses) {
      md.append("- **PAST_PEAK** ").append(loss.text()).append("\n");
    }
    return md.toString();
  }

  /** A warning after the status when a step has no steady state; empty otherwise. */
  private static String steadiness(RunResult run) {
    List<String> unsteady =
        run.steps().stream().filter(s -> !s.steady()).map(StepResult::name).toList();
    return unsteady.isEmpty()
        ? ""
        : " **NO STEADY STATE** in "
            + String.join(", ", unsteady)
            + ": the middleware's warm-up never settled, so these numbers still hold warm-up;"
            + " raise workload.warmupMaxSeconds or see the warm-up batches in run.json.";
  }

  private static String statusLine(RunResult run) {
    if (RunResult.COMPLETE.equals(run.status())) {
      return run.valid()
          ? "**complete, valid**: " + Plan.wordsOf(run.plan()).valid()
          : "**complete, INVALID**: some repetition lost or duplicated orders or had too many"
              + " errors (see run.json).";
    }
    return "**"
        + run.status().label().toUpperCase(Locale.ROOT)
        + "**: partial results, not a finished run.";
  }

  private static String row(StepResult step) {
    Metrics m = step.metrics();
    return "| "
        + step.name()
        + (step.valid() ? "" : " **INVALID**")
        + (step.steady() ? "" : " **NO STEADY STATE**")
        + " | "
        + changes(step.changes())
        + " | "
        + (m == null ? "-" : String.format(Locale.ROOT, "%.1f", m.throughputPerMinute()))
        + " | "
        + (m == null ? "-" : String.format(Locale.ROOT, "%.0f", m.latencyMillis().p99()))
        + " | "
        + (m == null || m.latencyMillis().p999() == null
            ? "-"
            : String.format(Locale.ROOT, "%.0f", m.latencyMillis().p999()))
        + " | "
        + (step.index() == null ? "-" : String.format(Locale.ROOT, "%.1f", step.index()))
        + " | "
        + (step.vsBaseline() == null ? "-" : ComparisonText.brief(step.vsBaseline()))
        + " | "
        + (m == null || m.cv() == null
            ? "-"
            : String.format(Locale.ROOT, "%.1f%%", 100 * m.cv()) + (step.noisy() ? " noisy" : ""))
        + " | "
        + outcomes(step)
        + " |\n";
  }

  /** How the steps' percentiles were computed, as a reader needs it. */
  private static String latencyMethod(RunResult run) {
    boolean medians =
        run.steps().stream()
            .anyMatch(
                s ->
                    s.metrics() != null
                        && !Metrics.MERGED_HISTOGRAMS.equals(s.metrics().latencyMethod()));
    return medians
        ? "where a repetition has no histogram, the median of the repetitions' values"
        : "the repetitions' histograms merged";
  }

  /** The step's outcomes in its plan's words, as its repetitions' measures render them. */
  private static String outcomes(StepResult step) {
    List<PlanMeasures> each = step.repetitions().stream().map(Repetition::measures).toList();
    return each.isEmpty() ? "-" : each.get(0).outcomes(each);
  }

  /**
   * The sort hub's steps whose deadline misses went over {@code workload.maxMissPercent} in some
   * repetition: a finding of the run, not an invalid one; empty when none did.
   */
  private static String deadlines(RunResult run) {
    List<String> over = new ArrayList<>();
    for (StepResult step : run.steps()) {
      long reps =
          step.repetitions().stream()
              .filter(r -> r.measures().deadline() != null && r.measures().deadline().overLimit())
              .count();
      if (reps > 0) {
        over.add(step.name() + " (" + reps + " of " + step.repetitions().size() + ")");
      }
    }
    return over.isEmpty()
        ? ""
        : " **DEADLINE MISSES** over workload.maxMissPercent in "
            + String.join(", ", over)
            + ": those requests' parcels go to the exception area; see each step's missed"
            + " deadline column and findings.";
  }

  private static String changes(Map<String, String> changes) {
    if (changes.isEmpty()) {
      return "(none)";
    }
    return changes.entrySet().stream()
        .map(e -> "`" + e.getKey() + "=" + e.getValue() + "`")
        .collect(Collectors.joining(" "));
  }
}
