package io.tunelab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.tunelab.core.BadInputException;
import io.tunelab.core.findings.Candidate;
import io.tunelab.core.findings.Finding;
import io.tunelab.core.results.Metrics;
import io.tunelab.core.results.OrderAccounting;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.StepResult;
import io.tunelab.core.stats.Comparison;
import io.tunelab.core.stats.Direction;
import io.tunelab.core.tune.TrialVerdict;
import io.tunelab.core.tune.TuneLoop;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The tuner's measurements as real runs: each is the experiment with its steps replaced (the
 * configuration alone, or the kept one and a change measured in rounds, paired, with the kept one
 * as the baseline), written beside the tune's results as {@code <label>.yaml} and run as {@code
 * tunelab run} would run it. The goal is the step's throughput against the baseline (or its p99),
 * guarded by the other, the error rate and the accounting (an order lost or duplicated rejects the
 * change).
 */
final class TuneTrials implements TuneLoop.Trials {
  /** Runs an experiment file and returns its result and run folder. */
  interface Runs {
    Ran run(Path experiment) throws InterruptedException;
  }

  /** A finished run and its folder. */
  record Ran(RunResult result, Path dir) {}

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  /** What a kept change must improve; the other is a guard it must not make worse. */
  enum Goal {
    /** The step's throughput against the kept one's, paired by round; p99 guards. */
    THROUGHPUT,
    /** The repetitions' p99 against the kept one's (lower is better); the throughput guards. */
    P99
  }

  private final ObjectNode experiment;
  private final Path dir;
  private final Runs runs;
  private final Goal goal;
  private final List<Path> runDirs = new ArrayList<>();
  private int trials;

  /**
   * @param experiment the experiment file; its first step is where the tune starts
   * @param dir the tune's folder, where each run's experiment file is written
   */
  TuneTrials(Path experiment, Path dir, Goal goal, Runs runs) {
    this.experiment = read(experiment);
    this.dir = dir;
    this.goal = goal;
    this.runs = runs;
  }

  /** The knobs of the experiment's first step, as written. */
  Map<String, String> start() {
    Map<String, String> knobs = new LinkedHashMap<>();
    experiment
        .path("steps")
        .path(0)
        .path("knobs")
        .fields()
        .forEachRemaining(field -> knobs.put(field.getKey(), field.getValue().asText()));
    return knobs;
  }

  /** Every run's folder, in order. */
  List<Path> runDirs() {
    return List.copyOf(runDirs);
  }

  @Override
  public List<Candidate> observe(Map<String, String> knobs) {
    StepResult step = run("start", List.of(Map.entry("start", knobs))).result().steps().get(0);
    return candidates(step);
  }

  @Override
  public TuneLoop.Trial compare(Map<String, String> kept, Map<String, String> changed) {
    trials++;
    RunResult result =
        run("trial-" + trials, List.of(Map.entry("kept", kept), Map.entry("changed", changed)))
            .result();
    StepResult a = result.steps().get(0);
    StepResult b = result.steps().get(1);
    return new TuneLoop.Trial(verdict(goal, result, a, b), candidates(a), candidates(b));
  }

  /** The end measured against the start again, in a run of its own: the gain reported. */
  Ran confirm(Map<String, String> start, Map<String, String> end) {
    return run("confirm", List.of(Map.entry("start", start), Map.entry("end", end)));
  }

  private static TrialVerdict verdict(Goal goal, RunResult result, StepResult a, StepResult b) {
    List<String> failures = new ArrayList<>();
    for (StepResult step : List.of(a, b)) {
      OrderAccounting accounting = step.accounting();
      if (accounting != null && accounting.lost() > 0) {
        failures.add(accounting.lost() + " orders lost (" + step.name() + ")");
      }
      if (accounting != null && accounting.duplicated() > 0) {
        failures.add(accounting.duplicated() + " orders duplicated (" + step.name() + ")");
      }
    }
    if (!result.valid() && failures.isEmpty()) {
      failures.add("the trial's run is invalid (" + result.runId() + ")");
    }
    if (b.vsBaseline() == null) {
      failures.add("no comparison with the kept configuration");
    }
    if (!failures.isEmpty()) {
      return new TrialVerdict(false, "not kept: " + String.join(", ", failures));
    }
    Comparison p99 = p99(a, b);
    Map<String, Comparison> guards = new LinkedHashMap<>();
    guards.put(goal == Goal.P99 ? "throughput" : "p99", goal == Goal.P99 ? b.vsBaseline() : p99);
    guards.put(
        "errors",
        Comparison.of(
            perRepetition(a, metrics -> metrics.errors()),
            perRepetition(b, metrics -> metrics.errors()),
            Direction.LOWER_IS_BETTER));
    return goal == Goal.P99
        ? TrialVerdict.of("p99", p99, guards, List.of())
        : TrialVerdict.of("throughput", b.vsBaseline(), guards, List.of());
  }

  /** The repetitions' p99 of B against A's, unpaired: lower is better. */
  static Comparison p99(StepResult a, StepResult b) {
    return Comparison.of(p99s(a), p99s(b), Direction.LOWER_IS_BETTER);
  }

  private static double[] p99s(StepResult step) {
    return perRepetition(step, metrics -> metrics.latencyMillis().p99());
  }

  /** A metric of each counted repetition. */
  private static double[] perRepetition(
      StepResult step, java.util.function.ToDoubleFunction<Metrics> metric) {
    return StepResult.counted(step.repetitions()).stream()
        .filter(repetition -> repetition.metrics() != null)
        .mapToDouble(repetition -> metric.applyAsDouble(repetition.metrics()))
        .toArray();
  }

  /** What the step's findings propose, each candidate once, in the order the findings came. */
  private static List<Candidate> candidates(StepResult step) {
    Set<Candidate> candidates = new LinkedHashSet<>();
    for (Repetition repetition : step.repetitions()) {
      if (repetition.findings() == null) {
        continue;
      }
      for (Finding finding : repetition.findings()) {
        if (finding.candidates() != null) {
          candidates.addAll(finding.candidates());
        }
      }
    }
    return List.copyOf(candidates);
  }

  private Ran run(String label, List<Map.Entry<String, Map<String, String>>> steps) {
    ObjectNode written = experiment.deepCopy();
    String name = experiment.path("name").asText("tune");
    written.put("name", name + "-" + label);
    ArrayNode list = written.putArray("steps");
    for (Map.Entry<String, Map<String, String>> step : steps) {
      ObjectNode node = list.addObject();
      node.put("name", step.getKey());
      ObjectNode knobs = node.putObject("knobs");
      step.getValue().forEach(knobs::put);
    }
    if (steps.size() > 1) {
      written.put("baseline", steps.get(0).getKey());
    } else {
      written.remove("baseline");
    }
    Path file = dir.resolve(label + ".yaml");
    try {
      Files.createDirectories(dir);
      YAML.writeValue(file.toFile(), written);
      Ran ran = runs.run(file);
      runDirs.add(ran.dir());
      return ran;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("the tune was stopped", e);
    }
  }

  private static ObjectNode read(Path file) {
    try {
      JsonNode tree = YAML.readTree(file.toFile());
      if (!(tree instanceof ObjectNode object) || !tree.path("steps").isArray()) {
        throw new BadInputException(file + ": an experiment with steps is what tune starts from");
      }
      return object;
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot read it as YAML: " + e.getMessage());
    }
  }
}
