package io.tunelab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.tunelab.core.BadInputException;
import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.ExperimentReader;
import io.tunelab.core.findings.Candidate;
import io.tunelab.core.findings.Finding;
import io.tunelab.core.findings.FindingKind;
import io.tunelab.core.knobs.DataKnobs;
import io.tunelab.core.knobs.KnobRegistry;
import io.tunelab.core.results.BatchOrderMeasures;
import io.tunelab.core.results.LatencyMillis;
import io.tunelab.core.results.Metrics;
import io.tunelab.core.results.OrderAccounting;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RunFiles;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.StepResult;
import io.tunelab.core.results.Warmup;
import io.tunelab.core.tune.TuneLoop;
import io.tunelab.core.tune.TuneSafety;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tuner's runs as files and results: each measurement is the experiment with its steps
 * replaced, written beside the tune's results, and its result read back into a verdict and the
 * findings' candidates. The runs here are results made up from what the experiment file asks (an
 * index worth 1.5x), so the loop, the files and the report are tested without a stack.
 */
class TuneTrialsTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final String INDEX = DataKnobs.XREF_INDEX.name();
  private static final double[] NOISE = {1.00, 1.01, 0.99, 1.005, 0.995};

  @TempDir Path dir;

  private final List<JsonNode> written = new ArrayList<>();
  private boolean errorsWhenIndexed;

  /** A run of the experiment file: each step's throughput from its knobs, the scan's finding. */
  private TuneTrials.Ran run(Path file, boolean alone) {
    JsonNode experiment;
    try {
      experiment = YAML.readTree(file.toFile());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    written.add(experiment);
    RunResult run =
        started(
            experiment.path("name").asText(),
            file,
            NOISE.length,
            experiment.path("baseline").asText(null));
    for (JsonNode step : experiment.path("steps")) {
      boolean indexed = "on".equals(step.path("knobs").path(INDEX).asText());
      List<Repetition> repetitions = new ArrayList<>();
      for (int i = 0; i < NOISE.length; i++) {
        repetitions.add(
            repetition(
                i + 1,
                (indexed ? 1500 : 1000) * NOISE[i],
                (indexed ? 20 : 30) * NOISE[i],
                indexed && errorsWhenIndexed ? 5 * NOISE[i] : 0));
      }
      run =
          run.withStep(
              StepResult.of(
                  step.path("name").asText(),
                  Map.of(),
                  Map.of(),
                  List.of(),
                  Map.of(),
                  repetitions));
    }
    Path runDir = dir.resolve(run.runId());
    RunResult finished = run.finished(RunResult.COMPLETE, "2026-11-30T00:05:00Z");
    try {
      Files.createDirectories(runDir);
      Files.writeString(runDir.resolve("run.json"), RunFiles.json(finished));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return new TuneTrials.Ran(finished, runDir);
  }

  /** A batch-order run of {@code file} just started, named {@code name}. */
  private static RunResult started(String name, Path file, int repeat, String baseline) {
    return new RunResult(
        "20261130-000000-" + name,
        name,
        file.toString(),
        "batch-order",
        "orders/min",
        RunResult.RUNNING,
        false,
        "2026-11-30T00:00:00Z",
        null,
        repeat,
        baseline,
        BenchCommandTest.environment(),
        List.of());
  }

  private static Repetition repetition(
      int number, double throughput, double p99, double errorPercent) {
    List<Finding> findings =
        p99 < 25
            ? List.of()
            : List.of(
                new Finding(
                    FindingKind.SEQUENTIAL_SCAN,
                    "xref_data",
                    "xref_data was read by sequential scans",
                    List.of(),
                    List.of(Candidate.set(DataKnobs.XREF_INDEX, true))));
    return Repetition.measured(
            number,
            true,
            "all orders accounted for",
            Metrics.of(throughput, new LatencyMillis(10, 20, p99, 40), errorPercent),
            BatchOrderMeasures.of(new OrderAccounting(100, 100, 0, 0, 0)),
            new Warmup(5, 5, 1000),
            2000,
            "step/rep-" + number)
        .withObservation(findings, null);
  }

  @Test
  void aFindingsChangeIsTriedPairedKeptConfirmedAndReported() throws Exception {
    Path experiment = dir.resolve("flow.yaml");
    Files.writeString(
        experiment,
        """
        name: flow
        plan: batch-order
        repeat: 5
        knobs: {db.seed.customers: 2000}
        steps: [{name: base, knobs: {middleware.engine.threads: 4}}]
        """);
    TuneTrials trials =
        new TuneTrials(experiment, dir.resolve("tune"), TuneGoal.THROUGHPUT, this::run);

    TuneLoop.Result result =
        new TuneLoop(KnobRegistry.standard(), new TuneSafety(Set.of(), false), 0.25)
            .run(trials.start(), 3, trials);
    TuneTrials.Ran confirmation = trials.confirm(result.start(), result.end());

    // the experiment's knobs with the first step's over them: the values a candidate meets
    assertThat(result.start())
        .isEqualTo(Map.of("middleware.engine.threads", "4", "db.seed.customers", "2000"));
    assertThat(result.end()).containsEntry(INDEX, "on");
    assertThat(result.steps())
        .singleElement()
        .satisfies(
            step -> {
              assertThat(step.kept()).isTrue();
              assertThat(step.reason()).startsWith("kept: throughput 1.500x");
            });
    assertThat(result.stopped()).isEqualTo("no finding has a change left to try");
    // the start alone, one trial, the confirmation: each the experiment with its steps replaced
    assertThat(written).hasSize(3);
    JsonNode trial = written.get(1);
    assertThat(trial.path("name").asText()).isEqualTo("flow-trial-1");
    assertThat(trial.path("baseline").asText()).isEqualTo("kept");
    assertThat(trial.path("knobs").path("db.seed.customers").asInt()).isEqualTo(2000);
    assertThat(trial.path("steps").get(0).path("knobs").path(INDEX).isMissingNode()).isTrue();
    assertThat(trial.path("steps").get(1).path("knobs").path(INDEX).asText()).isEqualTo("on");
    assertThat(written.get(0).path("baseline").isMissingNode()).isTrue();
    assertThat(dir.resolve("tune/trial-1.yaml")).exists();

    io.tunelab.core.results.OutputFiles.write(
        dir.resolve("tune"),
        new TuneReport.Outcome("flow", TuneGoal.THROUGHPUT, result, confirmation, trials.runDirs()),
        TuneReport.FORMATS);
    String report = Files.readString(dir.resolve("tune/tune.md"));
    assertThat(report)
        .contains(
            "| 1 | `db.xrefIndex=on` | SEQUENTIAL_SCAN in 5 of 5 repetitions | yes | kept: throughput"
                + " 1.500x")
        .contains("20261130-000000-flow-trial-1")
        .contains("Confirmation, the end against the start measured again")
        .contains("throughput 1.500x [");
    // the path on a page: the index per kept step, each trial's row, its run's report
    assertThat(Files.readString(dir.resolve("tune/tune.html")))
        .contains("<svg")
        .contains(">150</text>")
        .contains("<tr class=\"kept\">")
        .contains("<code>db.xrefIndex=on</code>")
        .contains("20261130-000000-flow-trial-1/report.html")
        .contains("Confirmation, the end against the start measured again");
    assertThat(Files.readString(dir.resolve("tune/tune.json")))
        .contains("\"ratio\" : 1.5,")
        .contains("\"goal\" : \"throughput\"")
        .contains("\"confirmation\"")
        .contains("\"ratio\" : 1.5");

    // the ladder found, as an experiment tunelab run reads: the start, then the kept change
    Path ladder = trials.writeLadder(result);
    assertThat(ladder).isEqualTo(dir.resolve("tune/ladder.yaml"));
    JsonNode steps = YAML.readTree(ladder.toFile()).path("steps");
    assertThat(steps).hasSize(2);
    assertThat(steps.get(0).path("name").asText()).isEqualTo("start");
    assertThat(steps.get(1).path("name").asText()).isEqualTo("1-db.xrefIndex=on");
    assertThat(steps.get(1).path("knobs").path("middleware.engine.threads").asText())
        .isEqualTo("4");
    Experiment replayed =
        new ExperimentReader().read(ladder, Map.of(), java.util.OptionalInt.empty());
    assertThat(replayed.name()).isEqualTo("flow-ladder");
    assertThat(replayed.baseline()).isEqualTo("start");
    assertThat(replayed.steps()).hasSize(2);
  }

  /**
   * A change set with what it needs (bind variables with the server-side prepare and its cache):
   * the ladder's step sets all of them, and tune.md and tune.json name them with it.
   */
  @Test
  void aChangeSetWithWhatItNeedsIsOneStepOfTheLadderNamingAll() throws Exception {
    Path experiment = dir.resolve("hub.yaml");
    Files.writeString(
        experiment,
        """
        name: hub
        plan: sort-requests
        knobs: {middleware.sort.sql: literal, middleware.jdbc.prepareThreshold: 0,
                middleware.jdbc.statementCacheQueries: 0}
        steps: [{name: untuned}]
        """);
    TuneTrials trials =
        new TuneTrials(experiment, dir.resolve("tune"), TuneGoal.THROUGHPUT, this::run);
    Map<String, String> with =
        new java.util.LinkedHashMap<>(Map.of("middleware.jdbc.prepareThreshold", "1"));
    with.put("middleware.jdbc.statementCacheQueries", "256");
    TuneLoop.Step bind =
        new TuneLoop.Step(
            "middleware.sort.sql", "bind", "bind needing", true, "kept: 2.0x", 2.0, with);
    Map<String, String> end = new java.util.LinkedHashMap<>(trials.start());
    end.putAll(bind.changes());
    TuneLoop.Result result =
        new TuneLoop.Result(trials.start(), end, List.of(bind), List.of(), "the budget was spent");

    JsonNode step = YAML.readTree(trials.writeLadder(result).toFile()).path("steps").get(1);
    assertThat(step.path("name").asText()).isEqualTo("1-middleware.sort.sql=bind");
    assertThat(step.path("knobs").path("middleware.sort.sql").asText()).isEqualTo("bind");
    assertThat(step.path("knobs").path("middleware.jdbc.prepareThreshold").asText()).isEqualTo("1");
    assertThat(step.path("knobs").path("middleware.jdbc.statementCacheQueries").asText())
        .isEqualTo("256");
    assertThat(TuneReport.change(bind))
        .isEqualTo(
            "`middleware.sort.sql=bind` with `middleware.jdbc.prepareThreshold=1`,"
                + " `middleware.jdbc.statementCacheQueries=256`");
    assertThat(TuneReport.json("hub", TuneGoal.THROUGHPUT, result, null, List.of()))
        .extractingByKey("trials")
        .asList()
        .singleElement()
        .asString()
        .contains(
            "with={middleware.jdbc.prepareThreshold=1, middleware.jdbc.statementCacheQueries=256}");
  }

  /** A study's expectations name its own steps: the tune's runs and its ladder leave them out. */
  @Test
  void aStudysCardIsLeftOutOfTheTrialsAndTheLadder() throws Exception {
    Path experiment = dir.resolve("study.yaml");
    Files.writeString(
        experiment,
        """
        name: study
        plan: batch-order
        baseline: untuned
        steps:
          - name: untuned
          - name: indexed
            knobs: {db.xrefIndex: on}
        study:
          name: a study
          metric: throughput
          expect:
            - {step: indexed, against: baseline, direction: up, effect: "index +100%"}
        """);
    TuneTrials trials =
        new TuneTrials(experiment, dir.resolve("tune"), TuneGoal.THROUGHPUT, this::run);

    TuneLoop.Result result =
        new TuneLoop(KnobRegistry.standard(), new TuneSafety(Set.of(), false), 0.25)
            .run(trials.start(), 1, trials);

    assertThat(written).allSatisfy(run -> assertThat(run.has("study")).isFalse());
    assertThat(YAML.readTree(trials.writeLadder(result).toFile()).has("study")).isFalse();
    new ExperimentReader()
        .read(dir.resolve("tune/ladder.yaml"), Map.of(), java.util.OptionalInt.empty());
  }

  @Test
  void aP99GoalKeepsTheChangeThatLowersItAndConfirmsItsP99() throws Exception {
    Path experiment = dir.resolve("flow.yaml");
    Files.writeString(experiment, "plan: batch-order\nsteps: [{name: base}]\n");
    TuneTrials trials = new TuneTrials(experiment, dir.resolve("tune"), TuneGoal.P99, this::run);

    TuneLoop.Result result =
        new TuneLoop(KnobRegistry.standard(), new TuneSafety(Set.of(), false), 0.25)
            .run(trials.start(), 3, trials);
    TuneTrials.Ran confirmation = trials.confirm(result.start(), result.end());

    assertThat(result.steps())
        .singleElement()
        .satisfies(step -> assertThat(step.reason()).startsWith("kept: p99 0.667x"));
    assertThat(TuneReport.markdown("flow", TuneGoal.P99, result, confirmation, List.of()))
        .contains("measured again (" + confirmation.dir().getFileName() + "): p99 0.667x [");
  }

  /**
   * A tune stopped after its first trial and resumed: the runs it made are read back from their
   * run.json, not made again, so the loop takes the same path; a tune of another experiment cannot
   * resume it.
   */
  @Test
  void aResumedTuneReadsItsRunsBackAndRunsOnlyWhatComesAfter() throws Exception {
    Path experiment = dir.resolve("flow.yaml");
    Files.writeString(
        experiment,
        "name: flow\nplan: batch-order\nrepeat: 5\n"
            + "steps: [{name: base, knobs: {middleware.engine.threads: 4}}]\n");
    TuneLoop loop = new TuneLoop(KnobRegistry.standard(), new TuneSafety(Set.of(), false), 0.25);
    TuneTrials first =
        new TuneTrials(experiment, dir.resolve("tune"), TuneGoal.THROUGHPUT, this::run);
    TuneLoop.Result stopped = loop.run(first.start(), 1, first);
    List<Path> recorded = first.runDirs();
    assertThat(recorded).hasSize(2);
    written.clear();

    TuneTrials resumed =
        new TuneTrials(experiment, dir.resolve("tune"), TuneGoal.THROUGHPUT, this::run, recorded);
    TuneLoop.Result result = loop.run(resumed.start(), 3, resumed);

    assertThat(written).as("the start and trial 1 read back, not run again").isEmpty();
    assertThat(result.steps()).containsExactlyElementsOf(stopped.steps());
    assertThat(result.end()).containsEntry(INDEX, "on");
    assertThat(resumed.runDirs()).isEqualTo(recorded);

    Files.writeString(
        experiment,
        "name: flow\nplan: batch-order\nrepeat: 3\n"
            + "steps: [{name: base, knobs: {middleware.engine.threads: 4}}]\n");
    TuneTrials other =
        new TuneTrials(experiment, dir.resolve("tune"), TuneGoal.THROUGHPUT, this::run, recorded);
    assertThatThrownBy(() -> loop.run(other.start(), 3, other))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("start.yaml is not what this tune would run now");
  }

  /** What the goal's own finding proposes is tried first: the deadline's own fixes for misses. */
  @Test
  void theGoalsOwnFindingsCandidatesComeFirst() {
    Finding noStatistics =
        new Finding(
            FindingKind.NO_STATISTICS,
            "sort_parcel",
            "no statistics",
            List.of(),
            List.of(Candidate.set(DataKnobs.ANALYZE, true)));
    Finding misses =
        new Finding(
            FindingKind.DEADLINE_MISSES,
            "sort",
            "misses",
            List.of(),
            List.of(
                Candidate.set(
                    io.tunelab.core.knobs.MiddlewareKnobs.SORT_SQL,
                    io.tunelab.core.knobs.MiddlewareKnobs.SortSql.BIND)));
    TuneTrials.Runs runs =
        (file, alone) -> {
          RunResult run =
              started("hub", file, 1, null)
                  .withStep(
                      StepResult.of(
                          "start",
                          Map.of(),
                          Map.of(),
                          List.of(),
                          Map.of(),
                          List.of(
                              repetition(1, 1000, 20, 0)
                                  .withObservation(List.of(noStatistics, misses), null))));
          return new TuneTrials.Ran(
              run.finished(RunResult.COMPLETE, "2026-11-30T00:05:00Z"), dir.resolve("hub"));
        };
    Path experiment = dir.resolve("hub.yaml");

    try {
      Files.writeString(experiment, "plan: batch-order\nsteps: [{name: base}]\n");
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }

    assertThat(
            new TuneTrials(experiment, dir.resolve("a"), TuneGoal.DEADLINE_MISSES, runs)
                .observe(Map.of()))
        .extracting(Candidate::knob)
        .containsExactly("middleware.sort.sql", DataKnobs.ANALYZE.name());
    assertThat(
            new TuneTrials(experiment, dir.resolve("b"), TuneGoal.THROUGHPUT, runs)
                .observe(Map.of()))
        .extracting(Candidate::knob)
        .containsExactly(DataKnobs.ANALYZE.name(), "middleware.sort.sql");
  }

  /** A faster change that fails orders is not kept: the error rate guards the goal. */
  @Test
  void aFasterChangeWithMoreErrorsIsNotKept() throws Exception {
    Path experiment = dir.resolve("flow.yaml");
    Files.writeString(experiment, "plan: batch-order\nsteps: [{name: base}]\n");
    errorsWhenIndexed = true;
    TuneTrials trials =
        new TuneTrials(experiment, dir.resolve("tune"), TuneGoal.THROUGHPUT, this::run);

    TuneLoop.Result result =
        new TuneLoop(KnobRegistry.standard(), new TuneSafety(Set.of(), false), 0.25)
            .run(trials.start(), 3, trials);

    assertThat(result.end()).isEmpty();
    assertThat(result.steps())
        .singleElement()
        .satisfies(
            step ->
                assertThat(step.reason())
                    .startsWith("not kept: throughput 1.500x")
                    .contains("but errors worse"));
  }
}
