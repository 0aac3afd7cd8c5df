package io.tunelab.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tunelab.core.cost.WorkCost;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StepDriftTest {
  private static Repetition rep(int n, double throughput, double mw, double db, double broker) {
    return Repetition.measured(
            n,
            true,
            "ok",
            Metrics.of(throughput, new LatencyMillis(1, 2, 3, 4), 0),
            BatchOrderMeasures.of(null),
            null,
            1,
            "s/rep-" + n)
        .withCosts(
            null,
            new WorkCost(
                100,
                10_000,
                Map.of("middleware", mw, "db", db, "broker", broker),
                mw + db + broker,
                180_000.0,
                72.0,
                7.0),
            null);
  }

  @Test
  void aDatabaseWhoseCostPerOrderClimbsEveryRepetitionIsNamed() {
    // db 58 -> 70 strictly rising over 6 repetitions: Mann-Kendall exact p = 0.002778 (2/720),
    // the stack's too (the gatekeeper); the 6 other series (statements and WAL flat, ties) are
    // Holm-adjusted among themselves, the first step x6 = 0.016667
    List<Repetition> reps = new ArrayList<>();
    double[] db = {58, 60.7, 63, 66.2, 68, 70};
    double[] tput = {1112, 1013, 1020, 1015, 1008, 1011};
    for (int i = 0; i < db.length; i++) {
      reps.add(rep(i + 1, tput[i], 25 + (i % 2) * 0.3, db[i], 4.0 + (i % 3) * 0.1));
    }

    StepDrift drift = StepDrift.of(reps).orElseThrow();

    assertThat(drift.drifting()).contains("cpu.db").doesNotContain("cpu.middleware");
    assertThat(drift.series().get("cpu.db").p()).isCloseTo(2.0 / 720, within(1e-9));
    assertThat(drift.series().get("cpu.db").pAdjusted()).isCloseTo(6 * 2.0 / 720, within(1e-9));
    assertThat(drift.series().get("cpu.stack").pAdjusted()).isCloseTo(2.0 / 720, within(1e-9));
    assertThat(drift.series().get("cpu.db").firstToLastPercent()).isGreaterThan(15);
    assertThat(StepProtocolText.drift(step(reps)).orElseThrow())
        .startsWith("DRIFT over its repetitions: db CPU per unit +");
  }

  @Test
  void repetitionsThatWanderAroundOneLevelDoNotDrift() {
    List<Repetition> reps = new ArrayList<>();
    double[] tput = {1000, 1012, 995, 1008, 1001};
    double[] db = {20.1, 19.8, 20.3, 19.9, 20.2};
    for (int i = 0; i < tput.length; i++) {
      reps.add(rep(i + 1, tput[i], 10, db[i], 4));
    }

    StepDrift drift = StepDrift.of(reps).orElseThrow();

    assertThat(drift.drifted()).isFalse();
    assertThat(StepProtocolText.drift(step(reps)).orElseThrow())
        .startsWith("no drift (Mann-Kendall at 5%; throughput");
  }

  @Test
  void fiveRepetitionsOfAStackGettingCheaperEachTimeAreADrift() {
    // benchmarks/restart-ladder.yaml's first step, 2026-11-28: after a 300 s warm-up that had not
    // settled, the stack's CPU per order fell 29% over 5 repetitions, every one cheaper than the
    // one before: exact p = 2/120. Holm over all eight series made that 0.13, "no drift".
    double[] tput = {1999.2, 2366.6, 2308.6, 2457.3, 2927.9};
    double[] mw = {13.84, 13.67, 13.18, 12.11, 9.47};
    double[] db = {22.96, 19.91, 19.66, 18.98, 17.13};
    double[] broker = {7.57, 5.01, 5.72, 5.39, 4.19};
    List<Repetition> reps = new ArrayList<>();
    for (int i = 0; i < tput.length; i++) {
      reps.add(rep(i + 1, tput[i], mw[i], db[i], broker[i]));
    }

    StepDrift drift = StepDrift.of(reps).orElseThrow();

    assertThat(drift.drifting()).containsExactly("cpu.stack");
    assertThat(drift.series().get("cpu.stack").pAdjusted()).isCloseTo(2.0 / 120, within(1e-9));
    // each tier fell monotonically too, but 5 repetitions cannot name one after the gatekeeper
    assertThat(drift.series().get("cpu.db").pAdjusted()).isGreaterThan(StepDrift.ALPHA);
    assertThat(StepProtocolText.drift(step(reps)).orElseThrow())
        .startsWith("DRIFT over its repetitions: the stack's CPU per unit -")
        .contains("by tier, none significant alone: middleware -", ", db -", ", broker -");
  }

  @Test
  void aStackWhoseCostIsFlatGatesTheOtherSeriesOut() {
    // the throughput rose strictly (p = 2/120 alone) on a flat stack cost: the host gave more,
    // the stack's state did not move; no drift is called on the throughput alone
    List<Repetition> reps = new ArrayList<>();
    double[] tput = {1000, 1010, 1020, 1030, 1040};
    double[] db = {20.1, 19.8, 20.3, 19.9, 20.2};
    for (int i = 0; i < tput.length; i++) {
      reps.add(rep(i + 1, tput[i], 10, db[i], 4));
    }

    StepDrift drift = StepDrift.of(reps).orElseThrow();

    assertThat(drift.series().get("throughput").p()).isCloseTo(2.0 / 120, within(1e-9));
    assertThat(drift.series().get("throughput").pAdjusted())
        .isGreaterThanOrEqualTo(drift.series().get("cpu.stack").p());
    assertThat(drift.drifted()).isFalse();
  }

  @Test
  void twoRepetitionsAreNotTested() {
    assertThat(StepDrift.of(List.of(rep(1, 1, 1, 1, 1), rep(2, 1, 1, 1, 1)))).isEmpty();
  }

  @Test
  void aHostThatSlowsDownIsNamedBesideTheTiersWhoseCostRoseWithIt() {
    // every tier 20% costlier over 6 repetitions and the host's probe 20% slower with them: the
    // host moved, and the text says so instead of blaming the stack alone
    List<Repetition> reps = new ArrayList<>();
    double[] probe = {50.0, 52.1, 54.0, 56.2, 58.0, 60.1};
    for (int i = 0; i < probe.length; i++) {
      double slower = probe[i] / 50.0;
      reps.add(
          rep(i + 1, 1000 / slower, 10 * slower, 20 * slower, 4 * slower)
              .withProtocol(RepetitionProtocol.NONE.withHostProbeMillis(probe[i])));
    }

    StepDrift drift = StepDrift.of(reps).orElseThrow();

    assertThat(drift.drifting()).contains("host", "cpu.db", "cpu.stack");
    assertThat(drift.series().get("host").firstToLastPercent()).isGreaterThan(15);
    assertThat(StepProtocolText.drift(step(reps)).orElseThrow())
        .contains("the host's probe time +")
        .endsWith("on a host whose own speed moved (read each tier's cost against the probe)");
    assertThat(StepProtocolText.hostProbe(step(reps)).orElseThrow())
        .isEqualTo("host probe 55.1 ms (50.0 to 60.1)");
  }

  @Test
  void repetitionsWithoutAProbeSayNothingOfTheHost() {
    List<Repetition> reps = List.of(rep(1, 1000, 10, 20, 4), rep(2, 1001, 10, 20, 4));
    assertThat(StepProtocolText.hostProbe(step(reps))).isEmpty();
  }

  private static StepResult step(List<Repetition> reps) {
    return StepResult.of("s", Map.of(), Map.of(), List.of(), Map.of(), reps);
  }
}
