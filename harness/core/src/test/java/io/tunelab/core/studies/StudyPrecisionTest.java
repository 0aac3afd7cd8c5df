package io.tunelab.core.studies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.results.Precision;
import io.tunelab.core.results.RunResult;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StudyPrecisionTest {
  /** One question: c against the step before it, b. */
  private static final String C_ON_B =
      """
      study:
        name: AIA order-to-bill
        expect:
          - {step: c, against: previous, direction: up, effect: about +40% on top}
      """;

  @TempDir Path dir;

  /**
   * a steady, b jumping about it round by round, c twice a in every round: c against the baseline
   * is known to a fraction of a percent, c against b, the study's question, is not.
   */
  private RunResult run() {
    return SyntheticRun.run()
        .inRounds()
        .step("a", 100, 100, 100, 100, 100, 100)
        .step("b", 100, 130, 85, 120, 90, 115)
        .step("c", 200, 201, 199, 200, 202, 198)
        .writeAndRead(dir);
  }

  @Test
  void aLadderStepIsJudgedOnItsComparisonWithTheStepBeforeItNotTheBaseline() {
    RunResult run = run();
    Experiment experiment = SyntheticRun.experiment(C_ON_B);

    double againstBaseline = Precision.mde(run, "c");
    double asked = StudyPrecision.mde(run, experiment, "c");

    assertThat(againstBaseline).isLessThan(0.02);
    assertThat(asked).isGreaterThan(0.10);
    // b takes part in the question as its other side, and is judged on it too
    assertThat(StudyPrecision.mde(run, experiment, "b")).isEqualTo(asked);
    // the baseline is in no question here: judged as every run's step is
    assertThat(StudyPrecision.mde(run, experiment, "a")).isEqualTo(Precision.mde(run, "a"));
    assertThat(StudyPrecision.worstMde(run, experiment)).isEqualTo(asked);
  }

  @Test
  void theFigureIsTheOneTheStudysRecordReports() {
    RunResult run = run();
    Experiment experiment = SyntheticRun.experiment(C_ON_B);

    StudySummary summary = StudyRecorder.record(run, experiment);

    assertThat(StudyPrecision.worstMde(run, experiment))
        .isCloseTo(summary.expectations().get(0).mde(), within(0.0001));
  }

  @Test
  void anExperimentWithoutAStudyIsJudgedAgainstItsBaseline() {
    RunResult run = run();
    Experiment plain = SyntheticRun.experiment("");

    for (String step : new String[] {"a", "b", "c"}) {
      assertThat(StudyPrecision.mde(run, plain, step)).isEqualTo(Precision.mde(run, step));
    }
    assertThat(StudyPrecision.worstMde(run, plain)).isEqualTo(Precision.worstMde(run));
  }

  @Test
  void aComparisonWithTooFewRepetitionsIsNotYetKnown() {
    RunResult run =
        SyntheticRun.run()
            .inRounds()
            .step("a", 100)
            .step("b", 110)
            .step("c", 220)
            .writeAndRead(dir);

    assertThat(StudyPrecision.mde(run, SyntheticRun.experiment(C_ON_B), "c")).isNaN();
    assertThat(StudyPrecision.worstMde(run, SyntheticRun.experiment(C_ON_B))).isNaN();
  }
}
