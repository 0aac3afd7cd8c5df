package io.tunelab.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.tunelab.core.BadInputException;
import io.tunelab.core.findings.Candidate;
import io.tunelab.core.findings.Finding;
import io.tunelab.core.results.OutputFiles;
import io.tunelab.core.results.RunFiles;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.StepResult;
import io.tunelab.core.tune.CandidateRanking;
import io.tunelab.core.tune.TuneLoop;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The tuner's measurements as real runs: each is the experiment with its steps replaced (the
 * configuration alone, or the kept one and a change measured in rounds, paired, with the kept one
 * as the baseline), written beside the tune's results as {@code <label>.yaml} and run as {@code
 * tunelab run} would run it. Whether a change is kept is its goal's to say ({@link TuneGoal}); the
 * ladder found is written as an experiment too ({@code ladder.yaml}), which {@code tunelab run}
 * replays.
 */
final class TuneTrials implements TuneLoop.Trials {
  /** Runs an experiment file and returns its result and run folder. */
  interface Runs {
    /**
     * @param alone whether the file measures one configuration alone (the start, read for its
     *     findings): no comparison asks for precision, so the fewest repetitions do
     */
    Ran run(Path experiment, boolean alone) throws InterruptedException;
  }

  /** A finished run and its folder. */
  record Ran(RunResult result, Path dir) {}

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private final ObjectNode experiment;
  private final Path dir;
  private final Runs runs;
  private final TuneGoal goal;
  private final List<Path> runDirs = new ArrayList<>();
  private final List<Path> recorded;

  /** Why each configuration measured leaves the goal nothing to gain, as last measured. */
  private final Map<Map<String, String>, Optional<String>> floors = new HashMap<>();

  /** The findings that proposed each candidate of each configuration, as last measured. */
  private final Map<Map<String, String>, Map<Candidate, String>> proposers = new HashMap<>();

  private int trials;

  /**
   * @param experiment the experiment file; its first step is where the tune starts
   * @param dir the tune's folder, where each run's experiment file is written
   */
  TuneTrials(Path experiment, Path dir, TuneGoal goal, Runs runs) {
    this(experiment, dir, goal, runs, List.of());
  }

  /**
   * A tune that resumes one stopped before: its runs, in the order they ran, are read back instead
   * of run again while the loop asks for the same measurements (so it takes the same path, and its
   * budget counts them), and the runs after them are made.
   *
   * @param recorded the earlier tune's run folders, in order (tune.json's {@code runs})
   */
  TuneTrials(Path experiment, Path dir, TuneGoal goal, Runs runs, List<Path> recorded) {
    this.experiment = read(experiment);
    this.dir = dir;
    this.goal = goal;
    this.runs = runs;
    this.recorded = List.copyOf(recorded);
  }

  /** The earlier tune's run folders, read from {@code tune.json} in {@code dir}. */
  static List<Path> recordedIn(Path dir) {
    Path json = dir.resolve("tune.json");
    if (!Files.isRegularFile(json)) {
      throw new BadInputException(
          "--resume "
              + dir
              + ": no tune.json there: give the folder of a tune (results/<tune-id>)");
    }
    try {
      List<Path> runs = new ArrayList<>();
      for (JsonNode run : new ObjectMapper().readTree(json.toFile()).path("runs")) {
        runs.add(dir.resolve(run.asText()));
      }
      return runs;
    } catch (IOException e) {
      throw new BadInputException("--resume: cannot read " + json + ": " + e.getMessage());
    }
  }

  /** The goal an earlier tune in {@code dir} had, as its tune.json names it. */
  static String recordedGoal(Path dir) {
    try {
      return new ObjectMapper().readTree(dir.resolve("tune.json").toFile()).path("goal").asText();
    } catch (IOException e) {
      throw new BadInputException("--resume: cannot read " + dir.resolve("tune.json"));
    }
  }

  /** The knobs of the experiment's first step: the experiment's, and the step's over them. */
  Map<String, String> start() {
    // the step's own knobs over the experiment's: what the step runs, so a candidate's value is
    // judged against the value in effect, not the knob's default
    Map<String, String> knobs = new LinkedHashMap<>();
    for (JsonNode set :
        List.of(experiment.path("knobs"), experiment.path("steps").path(0).path("knobs"))) {
      set.fields().forEachRemaining(field -> knobs.put(field.getKey(), field.getValue().asText()));
    }
    return knobs;
  }

  /** Every run's folder, in order. */
  List<Path> runDirs() {
    return List.copyOf(runDirs);
  }

  @Override
  public List<Candidate> observe(Map<String, String> knobs) {
    StepResult step = run("start", List.of(Map.entry("start", knobs))).result().steps().get(0);
    floors.put(knobs, goal.floor(step));
    proposers.put(knobs, CandidateRanking.proposers(findings(step)));
    return candidates(step, goal);
  }

  @Override
  public TuneLoop.Trial compare(Map<String, String> kept, Map<String, String> changed) {
    trials++;
    RunResult result =
        run("trial-" + trials, List.of(Map.entry("kept", kept), Map.entry("changed", changed)))
            .result();
    StepResult a = result.steps().get(0);
    StepResult b = result.steps().get(1);
    floors.put(kept, goal.floor(a));
    floors.put(changed, goal.floor(b));
    proposers.put(kept, CandidateRanking.proposers(findings(a)));
    proposers.put(changed, CandidateRanking.proposers(findings(b)));
    return new TuneLoop.Trial(goal.verdict(result, a, b), candidates(a, goal), candidates(b, goal));
  }

  /** As the configuration's last measurement says. */
  @Override
  public Optional<String> atFloor(Map<String, String> knobs) {
    return floors.getOrDefault(knobs, Optional.empty());
  }

  @Override
  public String proposer(Map<String, String> knobs, Candidate candidate) {
    String found = proposers.getOrDefault(knobs, Map.of()).get(candidate);
    return found != null ? found : candidate.toString();
  }

  /**
   * The ladder found as an experiment {@code tunelab run} replays: the start, then each kept change
   * on top of the ones before, compared each with the start (the baseline), in the experiment's own
   * workload, repetitions and order; written as {@code ladder.yaml} in the tune's folder.
   *
   * @return the file written
   */
  Path writeLadder(TuneLoop.Result result) {
    ObjectNode written = withoutStudy();
    written.put("name", experiment.path("name").asText("tune") + "-ladder");
    written.put(
        "description",
        "The ladder tunelab tune found from the first step: each kept change on top of the ones"
            + " before.");
    written.put("baseline", "start");
    ArrayNode list = written.putArray("steps");
    Map<String, String> knobs = new LinkedHashMap<>(result.start());
    addStep(list, "start", knobs);
    int kept = 0;
    for (TuneLoop.Step step : result.steps()) {
      if (step.kept()) {
        knobs.putAll(step.changes());
        kept++;
        addStep(list, kept + "-" + step.knob() + "=" + step.value(), knobs);
      }
    }
    try {
      // whole or not at all, as every result file: a tune stopped half-way leaves a ladder to run
      return OutputFiles.replace(dir.resolve("ladder.yaml"), YAML.writeValueAsString(written));
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The experiment without its study card: a study's expectations name its own steps, which the
   * tune's runs replace.
   */
  private ObjectNode withoutStudy() {
    ObjectNode copy = experiment.deepCopy();
    copy.remove("study");
    return copy;
  }

  private static void addStep(ArrayNode steps, String name, Map<String, String> knobs) {
    ObjectNode node = steps.addObject();
    node.put("name", name);
    ObjectNode values = node.putObject("knobs");
    knobs.forEach(values::put);
  }

  /** The end measured against the start again, in a run of its own: the gain reported. */
  Ran confirm(Map<String, String> start, Map<String, String> end) {
    return run("confirm", List.of(Map.entry("start", start), Map.entry("end", end)));
  }

  /** What the step's findings propose, each candidate once, most promising first. */
  private static List<Candidate> candidates(StepResult step, TuneGoal goal) {
    return CandidateRanking.rank(findings(step), goal.ownFinding());
  }

  /** Each repetition's findings, in the order they ran. */
  private static List<List<Finding>> findings(StepResult step) {
    return step.repetitions().stream()
        .map(r -> r.findings() == null ? List.<Finding>of() : r.findings())
        .toList();
  }

  private Ran run(String label, List<Map.Entry<String, Map<String, String>>> steps) {
    ObjectNode written = withoutStudy();
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
      String text = YAML.writeValueAsString(written);
      if (runDirs.size() < recorded.size()) {
        return replay(file, text, recorded.get(runDirs.size()));
      }
      OutputFiles.replace(file, text);
      Ran ran = runs.run(file, steps.size() == 1);
      runDirs.add(ran.dir());
      return ran;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("the tune was stopped", e);
    }
  }

  /**
   * An earlier tune's run of {@code file}, read back: only when that file holds what this tune
   * would run now, else the two tunes are not the same.
   */
  private Ran replay(Path file, String text, Path runDir) throws IOException {
    String before = Files.isRegularFile(file) ? Files.readString(file) : null;
    if (!text.equals(before)) {
      throw new BadInputException(
          "--resume: "
              + file
              + " is not what this tune would run now (another experiment, --set or --repeat than"
              + " the tune resumed, or another start): resume with the same options, or start a"
              + " new tune");
    }
    RunResult result = RunFiles.read(runDir);
    if (result.status() != RunResult.COMPLETE) {
      throw new BadInputException(
          "--resume: the run "
              + runDir
              + " is "
              + result.status()
              + ", not complete: start a new tune");
    }
    runDirs.add(runDir);
    return new Ran(result, runDir);
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
