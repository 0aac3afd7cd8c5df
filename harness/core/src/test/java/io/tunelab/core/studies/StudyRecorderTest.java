package io.tunelab.core.studies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.tunelab.core.BadInputException;
import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.RunStatus;
import io.tunelab.core.stats.Holm;
import io.tunelab.core.stats.WelchTest;
import io.tunelab.core.studies.StudySummary.Match;
import io.tunelab.core.studies.StudySummary.Measured;
import io.tunelab.core.studies.StudySummary.Movement;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StudyRecorderTest {
  private static final String LADDER =
      """
      study:
        name: AIA order-to-bill
        expect:
          - {step: b, against: previous, direction: up, effect: a large gain}
          - {step: c, against: previous, direction: up, effect: about +40% on top}
      """;

  @TempDir Path dir;

  private StudySummary record(String block, RunResult run) {
    return StudyRecorder.record(run, SyntheticRun.experiment(block));
  }

  @Test
  void aClearGainIsUpAndMatchesWithTheRatioOfMeansAndItsInterval() {
    RunResult run =
        SyntheticRun.run()
            .step("a", 100, 102, 98)
            .step("b", 140, 143, 137)
            .step("c", 196, 200, 192)
            .writeAndRead(dir);

    StudySummary summary = record(LADDER, run);

    Measured c = summary.expectations().get(1);
    assertThat(c.step()).isEqualTo("c");
    assertThat(c.comparedWith()).isEqualTo("b");
    assertThat(c.ratio()).isCloseTo(1.4, within(1e-4));
    assertThat(c.ratioCi95().bounded()).isTrue();
    assertThat(c.ratioCi95().low()).isLessThan(1.4).isGreaterThan(1.2);
    assertThat(c.ratioCi95().high()).isGreaterThan(1.4).isLessThan(1.6);
    assertThat(c.p()).isLessThan(0.01);
    assertThat(c.measured()).isEqualTo(Movement.UP);
    assertThat(c.match()).isEqualTo(Match.YES);
    assertThat(c.nStep()).isEqualTo(3);
    assertThat(c.nAgainst()).isEqualTo(3);
  }

  @Test
  void pIsWelchsHolmAdjustedOverTheExpectationsOfTheBlock() {
    RunResult run =
        SyntheticRun.run()
            .step("a", 100, 104, 97)
            .step("b", 108, 112, 103)
            .step("c", 150, 140, 160)
            .writeAndRead(dir);

    StudySummary summary = record(LADDER, run);

    double pB = WelchTest.of(new double[] {100, 104, 97}, new double[] {108, 112, 103}).p();
    double pC = WelchTest.of(new double[] {108, 112, 103}, new double[] {150, 140, 160}).p();
    double[] holm = Holm.adjust(new double[] {pB, pC});
    assertThat(summary.expectations().get(0).p()).isCloseTo(pB, within(pB * 0.01));
    assertThat(summary.expectations().get(0).pAdjusted())
        .isCloseTo(holm[0], within(holm[0] * 0.01));
    assertThat(summary.expectations().get(1).pAdjusted())
        .isCloseTo(holm[1], within(holm[1] * 0.01));
    // the smaller p of two is doubled by Holm
    assertThat(summary.expectations().get(1).pAdjusted()).isCloseTo(2 * pC, within(pC * 0.02));
  }

  @Test
  void overlappingRepetitionsAreWithinNoiseWhichMatchesOnlyAnExpectedNone() {
    RunResult run =
        SyntheticRun.run()
            .step("a", 100, 110, 90)
            .step("b", 104, 95, 108)
            .step("c", 99, 110, 92)
            .writeAndRead(dir);
    String block =
        """
        study:
          name: service broker
          expect:
            - {step: b, against: baseline, direction: up, effect: about +20%}
            - {step: c, against: baseline, direction: none, effect: no change}
        """;

    StudySummary summary = record(block, run);

    assertThat(summary.expectations())
        .extracting(Measured::measured)
        .containsExactly(Movement.WITHIN_NOISE, Movement.WITHIN_NOISE);
    assertThat(summary.expectations())
        .extracting(Measured::match)
        .containsExactly(Match.WITHIN_NOISE, Match.YES);
  }

  @Test
  void aSignificantMoveAgainstTheStudysDirectionDoesNotMatch() {
    RunResult run =
        SyntheticRun.run()
            .step("a", 100, 101, 99)
            .step("b", 70, 71, 69)
            .step("c", 70, 72, 68)
            .writeAndRead(dir);

    StudySummary summary = record(LADDER, run);

    Measured b = summary.expectations().get(0);
    assertThat(b.measured()).isEqualTo(Movement.DOWN);
    assertThat(b.match()).isEqualTo(Match.NO);
    assertThat(b.ratio()).isCloseTo(0.7, within(1e-4));
  }

  @Test
  void againstBaselineComparesWithTheBaselineStepNotThePreviousOne() {
    RunResult run =
        SyntheticRun.run()
            .step("a", 100, 101, 99)
            .step("b", 200, 202, 198)
            .step("c", 300, 303, 297)
            .writeAndRead(dir);
    String block =
        """
        study:
          name: AIA order-to-bill
          expect:
            - {step: c, against: baseline, direction: up, effect: index 365}
        """;

    Measured c = record(block, run).expectations().get(0);

    assertThat(c.comparedWith()).isEqualTo("a");
    assertThat(c.against()).isEqualTo("baseline");
    assertThat(c.ratio()).isCloseTo(3.0, within(1e-4));
  }

  @Test
  void stepsCarryTheirValuesMedianAndCvAndTheRunItsMachineAndCommand() {
    RunResult run =
        SyntheticRun.run()
            .step("a", 100, 102, 98)
            .step("b", 140, 143, 137)
            .step("c", 196, 200, 192)
            .writeAndRead(dir);

    StudySummary summary = record(LADDER, run);

    assertThat(summary.experiment()).isEqualTo("study-synthetic");
    assertThat(summary.study().unit()).isEqualTo("orders/min");
    assertThat(summary.steps())
        .extracting(StudySummary.StepValues::name)
        .containsExactly("a", "b", "c");
    assertThat(summary.steps().get(0).values()).containsExactly(100.0, 102.0, 98.0);
    assertThat(summary.steps().get(0).median()).isEqualTo(100.0);
    assertThat(summary.steps().get(0).cv()).isCloseTo(0.02, within(1e-4));
    assertThat(summary.command()).isEqualTo("./tunelab run " + SyntheticRun.FILE);
    assertThat(summary.machine().cores()).isEqualTo(2);
    assertThat(summary.machine().postgresql()).isEqualTo("15.18");
    assertThat(summary.commit()).isEqualTo("abc123");
    assertThat(summary.date()).isEqualTo("2026-11-24");
    assertThat(summary.repetitions().perStep()).isEqualTo(3);
  }

  @Test
  void stepsCarryTheMediansOfTheirWorkCostsWhenTheRunWasObserved() {
    RunResult run =
        SyntheticRun.run()
            .step("a", 100, 102, 98)
            .walPerUnit("a", 512_000, 524_288, 500_000)
            .step("b", 140, 143, 137)
            .walPerUnit("b", 30_720, 40_960, 10_240)
            .step("c", 196, 200, 192)
            .writeAndRead(dir);

    StudySummary summary = record(LADDER, run);

    StudySummary.Costs a = summary.steps().get(0).costs();
    assertThat(a.walBytes()).isEqualTo(512_000.0);
    assertThat(a.dbCpuMillis()).isEqualTo(50.0);
    assertThat(a.middlewareCpuMillis()).isEqualTo(10.0);
    assertThat(a.brokerCpuMillis()).isEqualTo(1.0);
    assertThat(a.statements()).isEqualTo(80.0);
    assertThat(a.commits()).isEqualTo(12.0);
    assertThat(summary.steps().get(1).costs().walBytes()).isEqualTo(30_720.0);
    assertThat(summary.steps().get(2).costs()).as("not observed").isNull();
  }

  @Test
  void anIncompleteRunIsRefusedWithTheCommandToRunItAgain() {
    RunResult run =
        SyntheticRun.run()
            .step("a", 100, 102, 98)
            .step("b", 140, 143, 137)
            .status(RunStatus.INCOMPLETE)
            .writeAndRead(dir);

    assertThatThrownBy(() -> record(LADDER, run))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("is incomplete")
        .hasMessageContaining("./tunelab run " + SyntheticRun.FILE);
  }

  @Test
  void aRunWhoseStepsAreNotTheExperimentsIsRefused() {
    RunResult run =
        SyntheticRun.run()
            .step("a", 100, 102, 98)
            .step("b", 140, 143, 137)
            .step("renamed", 196, 200, 192)
            .writeAndRead(dir);

    assertThatThrownBy(() -> record(LADDER, run))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("ran the steps [a, b, renamed]")
        .hasMessageContaining("has [a, b, c] now")
        .hasMessageContaining("run it again");
  }

  @Test
  void aMetricTheRunDoesNotHaveIsRefusedNamingIt() {
    RunResult run =
        SyntheticRun.run()
            .step("a", 100, 102, 98)
            .step("b", 140, 143, 137)
            .step("c", 196, 200, 192)
            .writeAndRead(dir);
    String block =
        """
        study:
          name: AIA billing care
          metric: latencyMeanMillis
          expect:
            - {step: b, against: previous, direction: down, effect: -16% mean response time}
        """;

    assertThatThrownBy(() -> record(block, run))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("step a, repetition 1 has no latencyMeanMillis")
        .hasMessageContaining("batch-order");
  }

  @Test
  void anExperimentWithoutAStudyBlockIsRefused() {
    RunResult run =
        SyntheticRun.run().step("a", 1, 2).step("b", 1, 2).step("c", 1, 2).writeAndRead(dir);
    Experiment plain = SyntheticRun.experiment("");

    assertThatThrownBy(() -> StudyRecorder.record(run, plain))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("has no study: block");
  }

  @Test
  void oneRepetitionPerStepIsNotTested() {
    RunResult run =
        SyntheticRun.run().step("a", 100).step("b", 140).step("c", 196).writeAndRead(dir);

    Measured b = record(LADDER, run).expectations().get(0);

    assertThat(b.p()).isNull();
    assertThat(b.measured()).isEqualTo(Movement.NOT_TESTED);
    assertThat(b.match()).isEqualTo(Match.NOT_TESTED);
    assertThat(b.ratio()).isCloseTo(1.4, within(1e-4));
  }

  @Test
  void stepsMeasuredInRoundsAreComparedRoundByRound() {
    // every round 10% slower than the one before, c 5% above b in each: unpaired the drift hides
    // it, round by round it is plain
    RunResult run =
        SyntheticRun.run()
            .inRounds()
            .step("a", 100, 90, 81)
            .step("b", 100, 90, 81)
            .step("c", 105.2, 94.4, 85.1)
            .writeAndRead(dir);

    Measured c = record(LADDER, run).expectations().get(1);

    assertThat(c.design()).isEqualTo("paired");
    assertThat(c.ratio()).isCloseTo(1.05, within(0.002));
    assertThat(c.measured()).isEqualTo(Movement.UP);
    assertThat(c.mde()).isNotNull().isLessThan(0.05);
  }

  @Test
  void knobsTheRunHadOverTheFileAreTheCommandsSets() {
    Experiment experiment = SyntheticRun.experiment(LADDER);
    SyntheticRun.Builder builder = SyntheticRun.run();
    double[][] values = {{100, 102, 98}, {140, 143, 137}, {196, 200, 192}};
    for (int i = 0; i < 3; i++) {
      java.util.Map<String, String> ran =
          new java.util.LinkedHashMap<>(experiment.steps().get(i).knobs().resolved());
      ran.put("middleware.jvm.heapMegabytes", "4096");
      builder
          .step(experiment.steps().get(i).name(), values[i])
          .knobs(experiment.steps().get(i).name(), ran);
    }

    StudySummary summary = StudyRecorder.record(builder.writeAndRead(dir), experiment);

    assertThat(summary.command())
        .isEqualTo(
            "./tunelab run experiments/studies/synthetic.yaml --set middleware.jvm.heapMegabytes=4096");
    assertThat(summary.knobs()).containsEntry("middleware.jvm.heapMegabytes", "4096");
  }

  @Test
  void knobsThatDifferInOneStepOnlyAreRefused() {
    Experiment experiment = SyntheticRun.experiment(LADDER);
    SyntheticRun.Builder builder = SyntheticRun.run();
    for (int i = 0; i < 3; i++) {
      java.util.Map<String, String> ran =
          new java.util.LinkedHashMap<>(experiment.steps().get(i).knobs().resolved());
      if (i == 2) {
        ran.put("middleware.jvm.heapMegabytes", "4096");
      }
      builder
          .step(experiment.steps().get(i).name(), 100, 101, 99)
          .knobs(experiment.steps().get(i).name(), ran);
    }
    RunResult run = builder.writeAndRead(dir);

    assertThatThrownBy(() -> StudyRecorder.record(run, experiment))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("in a way no --set explains")
        .hasMessageContaining("the file changed since the run");
  }
}
