package io.tunelab.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tunelab.core.BadInputException;
import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.ExperimentReader;
import io.tunelab.core.stack.Backend;
import io.tunelab.tiers.stack.Stack;
import io.tunelab.tiers.stack.StackConfig;
import io.tunelab.tiers.stack.StackProvider;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ProviderFitTest {
  /** A provider of someone else's stack, as --provider external is. */
  private static final StackProvider NOT_OWNED = notOwned(true);

  private static StackProvider notOwned(boolean hasDriver) {
    return new StackProvider() {
      @Override
      public String name() {
        return "external";
      }

      @Override
      public Stack start(StackConfig config) {
        throw new AssertionError("no tier may start for a refused experiment");
      }

      @Override
      public boolean ownsTiers() {
        return false;
      }

      @Override
      public boolean serves(Backend backend) {
        return hasDriver || backend != Backend.DRIVER;
      }
    };
  }

  /** The embedded provider, which owns its tiers, crashes them and records their JVMs. */
  /**
   * The embedded provider as it answers, but on a broker disk half used: this machine's own disk
   * (over 90% full on a busy day) is not what these tests are about.
   */
  private static StackProvider embedded() {
    StackProvider real =
        new io.tunelab.tiers.stack.EmbeddedProvider(
            io.tunelab.tiers.TunelabHome.locate(),
            new io.tunelab.tiers.stack.StackRegistry(java.nio.file.Path.of("target/provider-fit")));
    return new StackProvider() {
      @Override
      public String name() {
        return real.name();
      }

      @Override
      public Stack start(StackConfig config) {
        throw new AssertionError("no tier starts in these checks");
      }

      @Override
      public boolean ownsTiers() {
        return real.ownsTiers();
      }

      @Override
      public boolean crashesTiers() {
        return real.crashesTiers();
      }

      @Override
      public boolean recordsTierJvms() {
        return real.recordsTierJvms();
      }

      @Override
      public boolean serves(Backend backend) {
        return real.serves(backend);
      }

      @Override
      public java.util.OptionalDouble brokerDiskUsedPercent() {
        return java.util.OptionalDouble.of(50);
      }
    };
  }

  private static Experiment experiment(String knobs, String steps) {
    return new ExperimentReader()
        .parse(
            "fit.yaml",
            "fit",
            "plan: batch-order\nknobs: {" + knobs + "}\nsteps: " + steps + "\n",
            Map.of(),
            OptionalInt.empty());
  }

  @Test
  void aRestartKnobOfAStackTierItDoesNotOwnIsRefusedNamingKnobStepAndWayOut() {
    Experiment experiment =
        experiment(
            "mocks.brm.latency: 50",
            "[{name: base}, {name: journal, knobs: {broker.journal.type: nio}},"
                + " {name: memory, knobs: {db.server.shared_buffers: 256MB}}]");

    assertThatThrownBy(() -> ProviderFit.check(experiment, NOT_OWNED))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("--provider external runs on a stack it does not own")
        .hasMessageContaining("broker.journal.type=NIO (step journal, restarts the broker tier)")
        .hasMessageContaining("db.server.shared_buffers=256MB (step memory, restarts the db tier)")
        .hasMessageContaining("tunelab stack up --detach --set broker.journal.type=...")
        .hasMessageContaining("or run with --provider embedded");
  }

  @Test
  void aMessagingExperimentOnAStackWithoutTheDriverMockIsRefusedBeforeAnyTierStarts() {
    Experiment messaging =
        new ExperimentReader()
            .parse(
                "fit.yaml",
                "fit",
                "plan: messaging\nsteps: [{name: a}]\n",
                Map.of(),
                OptionalInt.empty());
    StackProvider noDriver = notOwned(false);

    assertThatThrownBy(() -> ProviderFit.check(messaging, noDriver))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("plan messaging calls the device-driver mock")
        .hasMessageContaining("mocks.driver URL (or TUNELAB_DRIVER_URL)");
    assertThatCode(() -> ProviderFit.check(messaging, NOT_OWNED)).doesNotThrowAnyException();
  }

  @Test
  void liveKnobsAndTheMiddlewaresOwnRunOnAnyStack() {
    Experiment experiment =
        experiment(
            "mocks.brm.latency: 50",
            "[{name: a}, {name: b, knobs: {mocks.brm.latency: 25, middleware.engine.threads: 2}}]");

    assertThatCode(() -> ProviderFit.check(experiment, NOT_OWNED)).doesNotThrowAnyException();
    assertThat(experiment.steps()).hasSize(2);
  }

  @Test
  void aCrashIsRefusedOnAStackWhoseTiersThisMachineCannotStartAgain() {
    Experiment experiment =
        experiment("db.seed.customers: 100", "[{name: a}, {name: b, knobs: {workload.crash: db}}]");

    assertThatThrownBy(() -> ProviderFit.check(experiment, NOT_OWNED))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("workload.crash=db (step b) kills the db tier")
        .hasMessageContaining("--provider external cannot")
        .hasMessageContaining("Run it with --provider embedded");
    assertThatCode(() -> ProviderFit.check(experiment, embedded())).doesNotThrowAnyException();
  }

  @Test
  void aTierJvmRecordedIsRefusedWhereItIsNotAJvmOfThisMachine() {
    StackProvider containers =
        new StackProvider() {
          @Override
          public String name() {
            return "testcontainers";
          }

          @Override
          public Stack start(StackConfig config) {
            throw new AssertionError("no tier may start for a refused experiment");
          }
        };
    Experiment experiment =
        experiment("db.seed.customers: 100", "[{name: a}, {name: b, knobs: {mocks.jvm.jfr: gc}}]");

    assertThatThrownBy(() -> ProviderFit.check(experiment, containers))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("mocks.jvm.jfr=gc (step b) attaches the JDK Flight Recorder")
        .hasMessageContaining("--provider testcontainers runs it elsewhere")
        .hasMessageContaining("leave mocks.jvm.jfr out");
    assertThatCode(() -> ProviderFit.check(experiment, embedded())).doesNotThrowAnyException();
  }

  /** What a tuner must not propose there: the same knobs check refuses in a step. */
  @Test
  void theKnobsAStackItDoesNotOwnCannotChangeAreItsTiersRestartKnobs() {
    assertThat(ProviderFit.unchangeable(NOT_OWNED))
        .contains("broker.journal.type", "db.server.max_connections")
        .doesNotContain("mocks.brm.latency", "middleware.engine.threads", "db.xrefIndex");
    assertThatThrownBy(
            () ->
                ProviderFit.check(
                    experiment("", "[{name: a, knobs: {db.server.max_connections: 200}}]"),
                    NOT_OWNED))
        .isInstanceOf(BadInputException.class);
  }
}
