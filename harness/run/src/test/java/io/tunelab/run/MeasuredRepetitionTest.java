package io.tunelab.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.results.SteadyStateReport;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The verdicts every plan's repetition shares, put in front of the plan's own. */
class MeasuredRepetitionTest {
  private static final KnobSet KNOBS = KnobSet.defaults(); // workload.maxStealPercent 10

  @Test
  void aWindowWithStealOverTheLimitIsDisturbedAndSaysSoFirst() {
    StringBuilder verdict = new StringBuilder("50 sent, 50 completed");

    assertThat(MeasuredRepetition.disturbed(KNOBS, 12.5, verdict)).isTrue();
    assertThat(verdict.toString())
        .startsWith("DISTURBED (the hypervisor took 12.5% of the machine")
        .endsWith(": 50 sent, 50 completed");
  }

  @Test
  void stealAtTheLimitOrUnknownDisturbsNothing() {
    StringBuilder verdict = new StringBuilder("ok");

    assertThat(MeasuredRepetition.disturbed(KNOBS, 10.0, verdict)).isFalse();
    assertThat(MeasuredRepetition.disturbed(KNOBS, null, verdict)).isFalse();
    assertThat(verdict.toString()).isEqualTo("ok");
  }

  @Test
  void processesOutsideTheStackTakingTooMuchDisturbTheRepetition() {
    io.tunelab.core.results.Repetition busy = observed(13.0);

    io.tunelab.core.results.Repetition judged = MeasuredRepetition.outsideDisturbed(KNOBS, busy);

    assertThat(judged.undisturbed()).isFalse();
    assertThat(judged.verdict())
        .startsWith("DISTURBED (processes outside the stack took 13.0% of the machine")
        .endsWith(": ok");
    assertThat(MeasuredRepetition.outsideDisturbed(KNOBS, observed(9.5)).undisturbed()).isTrue();
  }

  @Test
  void anInvalidRepetitionIsNotJudgedDisturbed() {
    // a middleware dead mid-window: its CPU left the stack's count and reads as "outside"
    io.tunelab.core.results.Repetition died = observed(54.7, false);

    io.tunelab.core.results.Repetition judged = MeasuredRepetition.outsideDisturbed(KNOBS, died);

    assertThat(judged.undisturbed()).isTrue();
    assertThat(judged.verdict()).isEqualTo("ok");
  }

  private static io.tunelab.core.results.Repetition observed(double outsidePercent) {
    return observed(outsidePercent, true);
  }

  private static io.tunelab.core.results.Repetition observed(double outsidePercent, boolean valid) {
    return io.tunelab.core.results.Repetition.measured(
            1,
            valid,
            "ok",
            io.tunelab.core.results.Metrics.of(
                100, new io.tunelab.core.results.LatencyMillis(1, 2, 3, 4), 0),
            io.tunelab.core.results.BatchOrderMeasures.of(null),
            null,
            1,
            "s/rep-1")
        .withCosts(
            null,
            null,
            new io.tunelab.core.cost.MachineNoise(
                2, 10_000, outsidePercent, 1.0, 90.0, 80.0, 1.0, 1.0, null, null, null, null));
  }

  @Test
  void aJvmThatNeverSettledMarksTheRepetitionAndAnUnjudgedOneIsUnknown() {
    StringBuilder verdict = new StringBuilder("ok");

    assertThat(MeasuredRepetition.steady(report(false), verdict)).isFalse();
    assertThat(verdict.toString())
        .isEqualTo(
            "NO STEADY STATE (the time cap was reached): measured on a middleware whose throughput"
                + " had not settled, not counted when steady repetitions exist: ok");
    StringBuilder untouched = new StringBuilder("ok");
    assertThat(MeasuredRepetition.steady(report(true), untouched)).isTrue();
    assertThat(MeasuredRepetition.steady(null, untouched)).isNull();
    assertThat(untouched.toString()).isEqualTo("ok");
  }

  private static SteadyStateReport report(boolean reached) {
    return new SteadyStateReport(
        reached,
        "rule",
        List.of(100.0, 101.0, 100.5),
        List.of(),
        List.of(),
        0,
        reached ? 100.5 : null,
        0.5,
        0.1,
        null,
        null,
        "FLAT",
        300,
        30_000,
        reached ? "steady" : "the time cap was reached",
        null,
        null);
  }
}
