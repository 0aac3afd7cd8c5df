package io.tunelab.core.studies;

import io.tunelab.core.BadInputException;
import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.Repetitions;
import io.tunelab.core.experiment.Step;
import io.tunelab.core.experiment.Study;
import io.tunelab.core.experiment.StudyMetric;
import io.tunelab.core.results.ComparedMetric;
import io.tunelab.core.results.Environment;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RoundPairs;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.RunStatus;
import io.tunelab.core.results.StepResult;
import io.tunelab.core.stats.Comparison;
import io.tunelab.core.stats.Direction;
import io.tunelab.core.stats.Estimate;
import io.tunelab.core.stats.Summary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Summarises a complete run of a study experiment against its {@code study:} block: per step the
 * metric's values over the counted repetitions, per expectation the comparison (round by round when
 * the steps ran in rounds: the geometric mean ratio with its interval and the paired test;
 * otherwise the ratio of the means with Fieller's 95% interval and Welch's p), Holm-adjusted over
 * the block's expectations (the tests one run makes at once), its minimum detectable effect, and
 * whether the metric moved the way the study saw it move; the knobs the run had and the command,
 * {@code --set}s included, that measures it again.
 *
 * <p>Refuses, with the fix, a run that is not complete, that is of another experiment, whose steps
 * are not the experiment's (the file changed since), or that lacks the metric.
 */
public final class StudyRecorder {
  private StudyRecorder() {}

  /**
   * @param run the run, as read from its run.json
   * @param experiment its experiment, read from {@code run.file()} now
   * @return the summary, with no discussion ({@link StudySummaries#save} keeps the recorded one)
   * @throws BadInputException naming the problem and the fix
   */
  public static StudySummary record(RunResult run, Experiment experiment) {
    Study study = check(run, experiment);
    Map<String, double[]> values = new LinkedHashMap<>();
    List<StudySummary.StepValues> steps = new ArrayList<>();
    for (StepResult step : run.steps()) {
      double[] v = values(run, step, study);
      values.put(step.name(), v);
      Summary s = Summary.of(Arrays.stream(v).boxed().toList());
      steps.add(
          new StudySummary.StepValues(
              step.name(),
              step.repetitions().size(),
              Arrays.stream(v).map(Rounding::values).boxed().toList(),
              Rounding.values(s.median()),
              Double.isNaN(s.cv()) ? null : Rounding.cv(s.cv()),
              StepCosts.of(StepResult.counted(step.repetitions()))));
    }
    List<Comparison> family = new ArrayList<>();
    for (Study.Expectation e : study.expectations()) {
      List<Repetition> a = counted(run, comparedWith(e, experiment));
      List<Repetition> b = counted(run, e.step());
      family.add(
          RoundPairs.compare(a, b, estimates(study, a, b), Direction.HIGHER_IS_BETTER, true));
    }
    family = Comparison.holm(family);
    List<StudySummary.Measured> measured = new ArrayList<>();
    for (int i = 0; i < family.size(); i++) {
      measured.add(
          measured(
              study.expectations().get(i),
              comparedWith(study.expectations().get(i), experiment),
              family.get(i)));
    }
    Environment env = run.environment();
    return new StudySummary(
        run.experiment(),
        run.file(),
        new StudySummary.StudyName(
            study.name(),
            study.metric().key(),
            MetricValues.unit(study.metric(), run.throughputUnit())),
        run.runId(),
        env.gitCommit(),
        run.startedAt() == null
            ? null
            : run.startedAt().substring(0, Math.min(10, run.startedAt().length())),
        run.startedAt(),
        run.finishedAt(),
        command(run, experiment),
        new StudySummary.Machine(
            env.cores(),
            env.cpuModel(),
            env.memoryMegabytes(),
            env.os(),
            env.jdk(),
            env.postgresql()),
        protocol(run),
        KnobOverrides.common(run),
        steps,
        measured,
        "");
  }

  private static Study check(RunResult run, Experiment experiment) {
    String where = "run " + run.runId();
    if (run.status() != RunStatus.COMPLETE) {
      throw new BadInputException(
          where
              + " is "
              + run.status().label()
              + ": a study summary needs a complete run; run it again: ./tunelab run "
              + run.file());
    }
    if (!run.experiment().equals(experiment.name())) {
      throw new BadInputException(
          where
              + " is of experiment "
              + run.experiment()
              + ", but "
              + experiment.file()
              + " is now named "
              + experiment.name()
              + ": record a run of the experiment as it is, or give it back its name");
    }
    Study study =
        experiment
            .studyBlock()
            .orElseThrow(
                () ->
                    new BadInputException(
                        experiment.file()
                            + " has no study: block, so there is nothing to compare the run"
                            + " with: add one (name, metric, expect: [{step, against, direction,"
                            + " effect}]) as experiments/studies/order-sizes.yaml has"));
    List<String> ran = run.steps().stream().map(StepResult::name).toList();
    List<String> planned = experiment.steps().stream().map(Step::name).toList();
    if (!ran.equals(planned)) {
      throw new BadInputException(
          where
              + " ran the steps "
              + ran
              + ", but "
              + experiment.file()
              + " has "
              + planned
              + " now: the experiment changed since the run; run it again: ./tunelab run "
              + experiment.file());
    }
    if (run.environment() == null) {
      throw new BadInputException(
          where + " does not say which machine it ran on: record a run made by this version");
    }
    return study;
  }

  private static List<Repetition> counted(RunResult run, String step) {
    return StepResult.counted(run.step(step).orElseThrow().repetitions());
  }

  /** The repetitions' values of the study's metric, with their windows' noise for a throughput. */
  static Function<Repetition, Estimate> estimates(
      Study study, List<Repetition> a, List<Repetition> b) {
    ToDoubleFunction<Repetition> value = r -> MetricValues.of(study.metric(), r).orElseThrow();
    return study.metric() == StudyMetric.THROUGHPUT
        ? ComparedMetric.throughputs(a, b, value)
        : r -> Estimate.of(value.applyAsDouble(r));
  }

  /** The step's metric over its counted repetitions, or why there is none. */
  private static double[] values(RunResult run, StepResult step, Study study) {
    List<Repetition> counted = StepResult.counted(step.repetitions());
    if (counted.isEmpty()) {
      throw new BadInputException(
          "run "
              + run.runId()
              + ": step "
              + step.name()
              + " has no repetition: the run is"
              + " incomplete; run it again: ./tunelab run "
              + run.file());
    }
    double[] values = new double[counted.size()];
    for (int i = 0; i < values.length; i++) {
      Repetition r = counted.get(i);
      values[i] =
          MetricValues.of(study.metric(), r)
              .orElseThrow(
                  () ->
                      new BadInputException(
                          "run "
                              + run.runId()
                              + ": step "
                              + step.name()
                              + ", repetition "
                              + r.number()
                              + " has no "
                              + study.metric().key()
                              + " ("
                              + study.metric().unit()
                              + "): compare on a metric this "
                              + run.plan()
                              + " run has (study.metric, e.g. throughput), or run it with the"
                              + " observer on"));
    }
    return values;
  }

  static String comparedWith(Study.Expectation e, Experiment experiment) {
    if (e.against() == Study.Against.BASELINE) {
      return experiment.baseline();
    }
    List<String> names = experiment.steps().stream().map(Step::name).toList();
    return names.get(names.indexOf(e.step()) - 1);
  }

  static StudySummary.Measured measured(Study.Expectation e, String comparedWith, Comparison c) {
    StudySummary.Movement movement = movement(c);
    return new StudySummary.Measured(
        e.step(),
        e.against().label(),
        comparedWith,
        e.effect(),
        e.direction().label(),
        c.nB(),
        c.nA(),
        c.ratio() == null ? null : Rounding.ratio(c.ratio()),
        c.ratioCi95() == null ? null : Rounding.interval(c.ratioCi95()),
        c.p() == null ? null : Rounding.p(c.p()),
        c.pAdjusted() == null ? null : Rounding.p(c.pAdjusted()),
        movement,
        match(e.direction(), movement),
        c.design() == null ? null : c.design().name().toLowerCase(Locale.ROOT),
        c.detectable() == null ? null : Rounding.ratio(c.detectable()));
  }

  /** Which way B moved from A: up or down when Holm's adjusted p is under alpha. */
  static StudySummary.Movement movement(Comparison c) {
    if (c.pAdjusted() == null) {
      return StudySummary.Movement.NOT_TESTED;
    }
    if (!c.significant()) {
      return StudySummary.Movement.WITHIN_NOISE;
    }
    boolean up =
        c.design() == Comparison.Design.PAIRED && c.ratio() != null
            ? c.ratio() > 1
            : c.meanB() > c.meanA();
    return up ? StudySummary.Movement.UP : StudySummary.Movement.DOWN;
  }

  static StudySummary.Match match(Study.Direction expected, StudySummary.Movement measured) {
    return switch (measured) {
      case NOT_TESTED -> StudySummary.Match.NOT_TESTED;
      case WITHIN_NOISE ->
          expected == Study.Direction.NONE
              ? StudySummary.Match.YES
              : StudySummary.Match.WITHIN_NOISE;
      case UP -> expected == Study.Direction.UP ? StudySummary.Match.YES : StudySummary.Match.NO;
      case DOWN ->
          expected == Study.Direction.DOWN ? StudySummary.Match.YES : StudySummary.Match.NO;
    };
  }

  /**
   * The command that measures it again: the file, the protocol options the run differed by, and a
   * {@code --set} for every knob whose value the run had in every step over what the file gives it
   * now (the command line's, or an edit since).
   *
   * @throws BadInputException when the run's knobs differ from the file's in a way no {@code --set}
   *     explains (one step but not another): the file changed since the run
   */
  private static String command(RunResult run, Experiment experiment) {
    StringBuilder command = new StringBuilder("./tunelab run ").append(run.file());
    Repetitions planned = experiment.repetitions();
    Repetitions ran = run.repetitions();
    if (ran == null) {
      if (run.repeat() != experiment.repeat()) {
        command.append(" --repeat ").append(run.repeat());
      }
    } else {
      if (ran.min() != planned.min() && !(ran.adaptive() && !planned.adaptive())) {
        command.append(" --repeat ").append(ran.min());
      }
      if (ran.order() != planned.order()) {
        command.append(" --order ").append(ran.order().name().toLowerCase(Locale.ROOT));
      }
      if (ran.jvm() != planned.jvm()) {
        command.append(" --jvm ").append(ran.jvm().name().toLowerCase(Locale.ROOT));
      }
      if (ran.adaptive() && (!planned.adaptive() || ran.mdePercent() != planned.mdePercent())) {
        command.append(" --mde ").append(Rounding.plain(ran.mdePercent())).append('%');
      }
      if (ran.maxMinutes() > 0 && ran.maxMinutes() != planned.maxMinutes()) {
        command.append(" --time-cap ").append(ran.maxMinutes()).append('m');
      }
    }
    KnobOverrides.of(run, experiment)
        .forEach((knob, value) -> command.append(" --set ").append(knob).append('=').append(value));
    return command.toString();
  }

  private static StudySummary.Protocol protocol(RunResult run) {
    Repetitions r = run.repetitions();
    return r == null
        ? new StudySummary.Protocol(run.repeat(), null, null)
        : new StudySummary.Protocol(
            r.min(),
            r.order().name().toLowerCase(Locale.ROOT),
            r.jvm().name().toLowerCase(Locale.ROOT),
            r.adaptive() ? r.mdePercent() : null,
            run.schedule() == null || run.schedule().rounds() == 0 ? null : run.schedule().rounds(),
            run.schedule() == null ? null : run.schedule().stoppedBy());
  }
}
