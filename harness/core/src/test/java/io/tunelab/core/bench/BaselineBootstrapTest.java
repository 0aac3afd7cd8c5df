package io.tunelab.core.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.tunelab.core.results.RunResult;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A suite's baselines on a machine that has none, one being recorded, or a complete one: the
 * bootstrap records the first nights, the gate starts once they are there, and a change of parts or
 * {@code --record-baseline} starts a new one.
 */
class BaselineBootstrapTest {
  private static final Fingerprint HERE =
      new Fingerprint("cpu", 2, 24, "17.0.15 (Debian)", "15.18", "2.56.0", "5.6.3", "3.13.2");
  private static final Fingerprint RUNNER =
      new Fingerprint(
          "AMD EPYC 7763 64-Core Processor",
          4,
          16,
          "17.0.13 (Eclipse Adoptium)",
          "16.6",
          "2.56.0",
          "5.6.3",
          "3.13.2");
  private static final List<StepThreshold> THRESHOLDS =
      GateTest.thresholds("*", "throughput >= 95% of baseline", "errors < 5%");

  @TempDir Path root;

  private BaselineStore store() {
    return new BaselineStore(root);
  }

  private BaselineBootstrap bootstrap(boolean recordNew, boolean allowOther) {
    return new BaselineBootstrap(store(), "nightly", 3, HERE.machineKey(), recordNew, allowOther);
  }

  private static RunResult night(String id, double... throughputs) {
    return GateTest.run(id, GateTest.step("brm", 400, throughputs));
  }

  private BaselineBootstrap.Outcome tonight(BaselineBootstrap bootstrap, RunResult run) {
    return bootstrap.settle(bootstrap.plan("x"), run, HERE, THRESHOLDS);
  }

  private void recorded(Fingerprint where, RunResult... runs) {
    Baseline baseline = null;
    for (RunResult run : runs) {
      Baseline.Night night =
          new Baseline.Night("2026-11-2" + runs.length + "T02:17:00Z", where, run);
      baseline =
          baseline == null
              ? Baseline.of("nightly", where.machineKey(), night)
              : baseline.with(night);
    }
    store().write(baseline);
  }

  @Test
  void aMachineWhoseOnlyBaselineIsAnotherMachinesRecordsItsOwnInsteadOfRefusing() {
    recorded(RUNNER, night("r1", 500, 505, 495));

    BaselineBootstrap.Outcome outcome =
        tonight(bootstrap(false, false), night("n1", 900, 910, 890));

    assertThat(outcome.use().state()).isEqualTo(BaselineUse.State.RECORDING);
    assertThat(outcome.use().nights()).isEqualTo(1);
    assertThat(outcome.use().message())
        .startsWith("no baseline of this machine yet (cpu-2c-24gb-jdk17-debian; baselines of other")
        .contains(RUNNER.machineKey() + ", do not compare with its numbers): night 1 of 3 recorded")
        .endsWith("the gate starts once 3 nights are recorded");
    assertThat(store().read("nightly", HERE.machineKey(), "x").orElseThrow().nights()).hasSize(1);
    List<Check> checks = Gate.evaluate(List.of(outcome.gateCase()));
    assertThat(checks)
        .extracting(Check::status)
        .containsExactly(Check.Status.RECORDING, Check.Status.PASS);
    assertThat(bench(checks).passed()).as("a night that records passes").isTrue();
  }

  @Test
  void theGateStartsTheNightAfterTheBaselineHasItsNightsAndPoolsThem() {
    BaselineBootstrap bootstrap = bootstrap(false, false);
    tonight(bootstrap, night("n1", 900, 910, 890));
    tonight(bootstrap, night("n2", 850, 860, 840));
    BaselineBootstrap.Outcome third = tonight(bootstrap, night("n3", 950, 960, 940));
    assertThat(third.use().message()).endsWith("the gate starts with the next night");

    BaselineBootstrap.Outcome fourth = tonight(bootstrap, night("n4", 860, 870, 850));

    assertThat(fourth.use().state()).isEqualTo(BaselineUse.State.GATE);
    assertThat(fourth.use().nights()).isEqualTo(3);
    assertThat(fourth.gateCase().baselines())
        .extracting(RunResult::runId)
        .containsExactly("n1", "n2", "n3");
    Check throughput = Gate.evaluate(List.of(fourth.gateCase())).get(0);
    // 860 against the nights' 900 is 0.956x; against the third night alone (950) it would be a
    // significant 0.905x: the noise between nights is in the pooled baseline
    assertThat(throughput.status()).isEqualTo(Check.Status.PASS);
    assertThat(throughput.baseline()).isEqualTo(900.0);
    assertThat(store().read("nightly", HERE.machineKey(), "x").orElseThrow().nights())
        .as("a gating night is not recorded")
        .hasSize(3);
    Check againstOneNight =
        Gate.evaluate(
                List.of(
                    new GateCase(
                        "x", fourth.gateCase().run(), night("n3", 950, 960, 940), THRESHOLDS)))
            .get(0);
    assertThat(againstOneNight.status()).isEqualTo(Check.Status.FAIL);
  }

  @Test
  void aBaselineMeasuredWithOtherPartsIsReplacedByANewOneStartingTonight() {
    Fingerprint olderPostgres =
        new Fingerprint("cpu", 2, 24, "17.0.15 (Debian)", "14.9", "2.56.0", "5.6.3", "3.13.2");
    recorded(olderPostgres, night("o1", 900), night("o2", 900), night("o3", 900));

    BaselineBootstrap.Outcome outcome =
        tonight(bootstrap(false, false), night("n1", 500, 505, 495));

    assertThat(outcome.use().state()).isEqualTo(BaselineUse.State.RECORDING);
    assertThat(outcome.use().message())
        .startsWith(
            "the baseline was measured with other parts (PostgreSQL major version: 15 here, 14 in"
                + " the baseline): a new one starts with tonight's run: night 1 of 3");
    assertThat(store().read("nightly", HERE.machineKey(), "x").orElseThrow().nights())
        .extracting(n -> n.run().runId())
        .containsExactly("n1");
  }

  @Test
  void recordBaselineStartsANewOneWhateverIsRecorded() {
    recorded(HERE, night("o1", 900), night("o2", 900), night("o3", 900));

    BaselineBootstrap.Outcome outcome = tonight(bootstrap(true, false), night("n1", 500, 505, 495));

    assertThat(outcome.use().message())
        .startsWith("--record-baseline: a new baseline starts with tonight's run: night 1 of 3");
    assertThat(Gate.evaluate(List.of(outcome.gateCase())).get(0).status())
        .isEqualTo(Check.Status.RECORDING);
    assertThat(store().read("nightly", HERE.machineKey(), "x").orElseThrow().nights()).hasSize(1);
  }

  @Test
  void anInvalidRunIsNotRecorded() {
    RunResult invalid =
        night("n1", 900, 910, 890).finished(io.tunelab.core.results.RunStatus.INCOMPLETE, "t");

    BaselineBootstrap.Outcome outcome = tonight(bootstrap(false, false), invalid);

    assertThat(outcome.use().nights()).isZero();
    assertThat(outcome.use().message())
        .contains("is not complete and valid, so it is not recorded");
    assertThat(store().read("nightly", HERE.machineKey(), "x")).isEmpty();
  }

  @Test
  void allowOtherMachineComparesWithAnotherMachinesCompleteBaseline() {
    recorded(RUNNER, night("r1", 900, 910, 890), night("r2", 900), night("r3", 905, 895));

    BaselineBootstrap.Outcome outcome = tonight(bootstrap(false, true), night("n1", 300, 305, 295));

    assertThat(outcome.use().state()).isEqualTo(BaselineUse.State.GATE);
    assertThat(outcome.use().machine()).isEqualTo(RUNNER.machineKey());
    assertThat(outcome.use().message()).contains("(--allow-other-machine)");
    assertThat(Gate.evaluate(List.of(outcome.gateCase())).get(0).status())
        .isEqualTo(Check.Status.FAIL);
  }

  private static BenchResult bench(List<Check> checks) {
    return new BenchResult("nightly", "n.yaml", "s", "f", List.of(), List.of(), checks);
  }
}
