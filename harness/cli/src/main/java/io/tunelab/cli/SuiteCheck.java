package io.tunelab.cli;

import io.tunelab.core.bench.BaselineBootstrap;
import io.tunelab.core.bench.BaselineStore;
import io.tunelab.core.bench.StepThreshold;
import io.tunelab.core.bench.Suite;
import io.tunelab.core.bench.SuiteReader;
import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.ExperimentReader;
import io.tunelab.core.experiment.ProtocolOverrides;
import io.tunelab.run.Machine;
import io.tunelab.run.OutsideEndpoints;
import io.tunelab.run.ProviderFit;
import io.tunelab.tiers.TunelabHome;
import io.tunelab.tiers.stack.StackProvider;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code tunelab validate SUITE}: what {@code bench} checks before it starts, nothing started: the
 * suite, each experiment with its knobs, its thresholds on steps it has, the provider, this
 * machine's baseline files.
 */
final class SuiteCheck {
  private SuiteCheck() {}

  static String check(Path file, StackProvider provider, TunelabHome home) {
    Suite suite = SuiteReader.read(file);
    String machine = Machine.fingerprint().machineKey();
    BaselineStore store = new BaselineStore(BaselineCommand.defaultRoot(home));
    BaselineBootstrap bootstrap =
        new BaselineBootstrap(store, suite.name(), suite.baselineNights(), machine, false, false);
    StringBuilder text =
        new StringBuilder(
            file + ": valid benchmark suite " + suite.name() + " (nothing started)\n");
    for (Suite.Entry entry : suite.experiments()) {
      Experiment experiment =
          new ExperimentReader()
              .read(entry.experiment(), entry.set(), ProtocolOverrides.repeat(entry.repeat()));
      BenchCommand.checkSteps(suite, entry, experiment);
      ProviderFit.check(experiment, provider);
      OutsideEndpoints.check(experiment);
      BaselineBootstrap.Plan plan = bootstrap.plan(experiment.name());
      int nights = plan.own().map(b -> b.nights().size()).orElse(0);
      text.append(ValidateCommand.describe(experiment, List.<StepThreshold>of()).indent(2));
      entry.thresholds().forEach(t -> text.append("    threshold ").append(label(t)).append('\n'));
      text.append("    baseline of this machine (")
          .append(machine)
          .append("): ")
          .append(
              nights >= suite.baselineNights()
                  ? nights + " nights, the gate compares with them"
                  : nights + " of " + suite.baselineNights() + " nights: the next bench records")
          .append('\n');
    }
    return text.toString();
  }

  private static String label(StepThreshold t) {
    return (t.step().equals(StepThreshold.EVERY_STEP) ? "every step" : "step " + t.step())
        + ": "
        + t.threshold().text();
  }
}
