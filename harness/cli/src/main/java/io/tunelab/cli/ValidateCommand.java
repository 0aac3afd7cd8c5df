package io.tunelab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.tunelab.core.BadInputException;
import io.tunelab.core.bench.StepThreshold;
import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.ExperimentReader;
import io.tunelab.core.experiment.Repetitions;
import io.tunelab.core.experiment.Step;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.KnobTier;
import io.tunelab.run.OutsideEndpoints;
import io.tunelab.run.ProviderFit;
import io.tunelab.tiers.TunelabHome;
import io.tunelab.tiers.stack.StackProvider;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code tunelab validate FILE}: every check {@code run} (or, for a suite, {@code bench}) makes
 * before it starts anything, and nothing started: the experiment read strictly with its knobs and
 * the rules between them, the command line's overrides and thresholds, the checkout, the provider
 * and what it can set, the results folder. Prints what a run would do.
 */
@Command(
    name = "validate",
    description = {
      "Check an experiment (or a benchmark suite) as run (or bench) checks it before it starts, and"
          + " start nothing: the YAML read strictly, every knob and value, the rules between knobs"
          + " in every step, --set, --repeat, --jvm, --order, --mde, --time-cap and --threshold as run"
          + " reads them, the"
          + " provider and the knobs it cannot set, the results folder. Prints the plan, the steps"
          + " with their changes and the tiers each restarts.",
      "Exit code 0 valid, 2 bad input (the same message run would give)."
    })
final class ValidateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "FILE",
      description =
          "an experiment (experiments/quickstart.yaml) or a suite (benchmarks/nightly.yaml)")
  Path file;

  @Option(
      names = "--set",
      paramLabel = "KNOB=VALUE",
      mapFallbackValue = "",
      description = "As run's --set: a knob in every step, over the experiment's value.")
  Map<String, String> knobs = new LinkedHashMap<>();

  @Mixin ProtocolOptions protocol;

  @Option(
      names = "--threshold",
      paramLabel = "[STEP:]THRESHOLD",
      description = "As run's --threshold: read, and checked against the experiment's steps.")
  List<String> thresholds = new ArrayList<>();

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "As run's --out: the folder the run's folder would be made in.")
  Path out;

  @Mixin ProviderOptions providerOptions;

  @Mixin MetricsOption metrics;

  @Override
  public Integer call() throws IOException {
    TunelabHome home = TunelabHome.locate();
    StackProvider provider = providerOptions.provider();
    metrics.check();
    PrintWriter stdout = spec.commandLine().getOut();
    if (isSuite(file)) {
      if (!knobs.isEmpty() || protocol.any() || !thresholds.isEmpty()) {
        throw new BadInputException(
            file
                + " is a benchmark suite: --set, --repeat, --jvm, --order, --mde, --time-cap and"
                + " --threshold are in"
                + " the suite itself, not on the command line");
      }
      stdout.print(SuiteCheck.check(file, provider, home));
    } else {
      Experiment experiment = new ExperimentReader().read(file, knobs, protocol.overrides());
      List<StepThreshold> gate = RunGate.read(thresholds, experiment);
      ProviderFit.check(experiment, provider);
      OutsideEndpoints.check(experiment);
      writable(out != null ? out : home.results());
      stdout.print(describe(experiment, gate));
    }
    stdout.flush();
    return 0;
  }

  /** A suite has {@code experiments:} and no {@code plan:}. */
  static boolean isSuite(Path file) {
    try {
      JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
      return root != null && root.has("experiments") && !root.has("plan");
    } catch (IOException | RuntimeException e) {
      return false; // the experiment reader says what is wrong with it
    }
  }

  /** The results folder exists and is writable, or can be made. */
  static void writable(Path dir) {
    Path existing = dir.toAbsolutePath();
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null || !Files.isDirectory(existing) || !Files.isWritable(existing)) {
      throw new BadInputException(
          "the results folder "
              + dir
              + " cannot be written ("
              + (existing == null ? "no parent exists" : existing + " is not a writable folder")
              + "): give --out a folder you can write");
    }
  }

  static String describe(Experiment e, List<StepThreshold> gate) {
    StringBuilder text = new StringBuilder();
    Repetitions r = e.repetitions();
    text.append(e.file())
        .append(": valid (nothing started)\n")
        .append(
            String.format(
                "  %s, plan %s (%s), %d step%s, %s repetition%s each (%s JVM, %s), baseline %s%n",
                e.name(),
                e.plan().yamlName(),
                e.plan().throughputUnit(),
                e.steps().size(),
                e.steps().size() == 1 ? "" : "s",
                r.min() == r.max() ? String.valueOf(r.min()) : r.min() + " to " + r.max(),
                r.max() == 1 ? "" : "s",
                r.jvm().yamlName(),
                r.order().yamlName(),
                e.baseline()));
    KnobSet previous = null;
    for (Step step : e.steps()) {
      String changes =
          step.changes().entrySet().stream()
              .map(c -> c.getKey() + "=" + c.getValue())
              .collect(Collectors.joining(" "));
      Set<KnobTier> restarts = previous == null ? Set.of() : step.knobs().restartsFrom(previous);
      text.append("  step ")
          .append(step.name())
          .append(changes.isEmpty() ? "" : ": " + changes)
          .append(
              previous == null
                  ? " (starts the stack)"
                  : restarts.isEmpty()
                      ? " (no tier restarts)"
                      : " (restarts "
                          + restarts.stream().map(KnobTier::label).collect(Collectors.joining(", "))
                          + ")")
          .append('\n');
      previous = step.knobs();
    }
    for (StepThreshold t : gate) {
      text.append("  threshold ")
          .append(t.step().equals(StepThreshold.EVERY_STEP) ? "every step" : "step " + t.step())
          .append(": ")
          .append(t.threshold().text())
          .append('\n');
    }
    return text.toString();
  }
}
