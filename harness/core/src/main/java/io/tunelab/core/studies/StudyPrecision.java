package io.tunelab.core.studies;

import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.Study;
import io.tunelab.core.results.Precision;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RoundPairs;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.StepResult;
import io.tunelab.core.stats.Comparison;
import io.tunelab.core.stats.Direction;
import java.util.List;
import java.util.Optional;

/**
 * How precisely a study's run so far answers the study's own questions, for the adaptive stopping
 * rule: each expectation's comparison (its step against the baseline or the step before it, on the
 * study's metric) made as {@link StudyRecorder} will make it, and its minimum detectable effect. A
 * ladder's expectations compare each step with the one before it, which the baseline comparisons
 * {@link Precision} judges do not: a run stopped on those could leave the study's own question
 * short of the target. A step's figure is the worst of the expectations it takes part in; a step in
 * none, or an experiment without a study, is judged as {@link Precision} judges it.
 */
public final class StudyPrecision {
  private StudyPrecision() {}

  /** The step's minimum detectable effect, a fraction; NaN when it cannot be told yet. */
  public static double mde(RunResult run, Experiment experiment, String step) {
    Optional<Study> study = experiment.studyBlock();
    if (study.isEmpty()) {
      return Precision.mde(run, step);
    }
    double worst = Double.NaN;
    boolean takesPart = false;
    for (Study.Expectation e : study.get().expectations()) {
      String against = StudyRecorder.comparedWith(e, experiment);
      if (!e.step().equals(step) && !against.equals(step)) {
        continue;
      }
      takesPart = true;
      double d = detectable(run, study.get(), against, e.step());
      if (Double.isNaN(d)) {
        return Double.NaN;
      }
      worst = Double.isNaN(worst) ? d : Math.max(worst, d);
    }
    return takesPart ? worst : Precision.mde(run, step);
  }

  /** The largest minimum detectable effect of the study's comparisons; NaN when one is unknown. */
  public static double worstMde(RunResult run, Experiment experiment) {
    Optional<Study> study = experiment.studyBlock();
    if (study.isEmpty()) {
      return Precision.worstMde(run);
    }
    double worst = Double.NaN;
    for (Study.Expectation e : study.get().expectations()) {
      double d = detectable(run, study.get(), StudyRecorder.comparedWith(e, experiment), e.step());
      if (Double.isNaN(d)) {
        return Double.NaN;
      }
      worst = Double.isNaN(worst) ? d : Math.max(worst, d);
    }
    return worst;
  }

  /** B against A on the study's metric, as the record compares them; NaN while it cannot. */
  private static double detectable(RunResult run, Study study, String a, String b) {
    List<Repetition> ca = counted(run, a);
    List<Repetition> cb = counted(run, b);
    if (ca.size() < 2 || cb.size() < 2) {
      return Double.NaN;
    }
    try {
      Comparison c =
          RoundPairs.compare(
              ca, cb, StudyRecorder.estimates(study, ca, cb), Direction.HIGHER_IS_BETTER, true);
      Double d = c.detectable();
      return d == null ? Double.NaN : d;
    } catch (RuntimeException e) {
      // a repetition without the study's metric (the observer lost a window): not yet precise
      return Double.NaN;
    }
  }

  private static List<Repetition> counted(RunResult run, String step) {
    return run.step(step).map(s -> StepResult.counted(s.repetitions())).orElse(List.of());
  }
}
