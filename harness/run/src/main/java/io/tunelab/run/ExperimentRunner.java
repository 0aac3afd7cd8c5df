package io.tunelab.run;

import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.Repetitions;
import io.tunelab.core.experiment.Schedule;
import io.tunelab.core.experiment.Step;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.WorkloadKnobs;
import io.tunelab.core.report.HtmlReport;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.ResultFormat;
import io.tunelab.core.results.RunFiles;
import io.tunelab.core.results.RunLayout;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.RunStatus;
import io.tunelab.core.results.ScheduleOutcome;
import io.tunelab.core.results.StartCheck;
import io.tunelab.core.results.StartState;
import io.tunelab.core.results.StepResult;
import io.tunelab.core.studies.StudyPrecision;
import io.tunelab.tiers.TunelabHome;
import io.tunelab.tiers.jmeter.JmeterEngines;
import io.tunelab.tiers.jmeter.JmeterServer;
import io.tunelab.tiers.jmeter.LocalJmeter;
import io.tunelab.tiers.middleware.MiddlewareTier;
import io.tunelab.tiers.stack.StackProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs an experiment: for each step, brings the tiers to its knobs (restarting only what changed),
 * then runs its repetitions and records each in {@code results/<run-id>/}: {@code run.json} and
 * {@code summary.md} rewritten after every repetition (status {@code running}), the raw data of
 * each repetition in {@code <step>/rep-N/}. At the end the status is {@code complete}; when the run
 * stops early (an error, {@link #stop()} on Ctrl-C) it is {@code incomplete}, never complete.
 * Either way {@code report.html} is written last.
 */
public final class ExperimentRunner {
  private static final Logger LOG = LoggerFactory.getLogger(ExperimentRunner.class);

  /**
   * Flags of the load JVM: the defaults, and C1 only: each load run compiles the plan's Groovy
   * pre-processor anew, and the C2 compiler's start-up work costs seconds on a small machine while
   * the publisher is never the bottleneck (hundreds of orders/s against tens drained).
   */
  public static final List<String> LOAD_JVM_FLAGS = loadJvmFlags();

  private static List<String> loadJvmFlags() {
    List<String> flags = new ArrayList<>(LocalJmeter.DEFAULT_JVM_FLAGS);
    flags.add("-XX:TieredStopAtLevel=1");
    return List.copyOf(flags);
  }

  /** Formats that read the finished run and its folder, beside {@link RunFiles#FORMATS}. */
  private static final List<ResultFormat> END_FORMATS = List.of(HtmlReport.FORMAT);

  private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

  private final TunelabHome home;
  private final StackProvider provider;
  private final Sampler sampler;
  private final Progress progress;
  private final Object lock = new Object();
  private RunTiers tiers;
  private JmeterServer load;
  private JmeterEngines engines;
  private PlanRunner planRunner;
  private Path runDir;
  private RunResult result;
  private boolean ended;
  private volatile boolean stopped;
  private volatile Thread running;

  public ExperimentRunner(
      TunelabHome home, StackProvider provider, Sampler sampler, Progress progress) {
    this.home = home;
    this.provider = provider;
    this.sampler = sampler;
    this.progress = progress;
  }

  /**
   * Runs every step and repetition.
   *
   * @param resultsRoot where the run's folder is made, e.g. {@code results/}
   * @return the finished run, {@code complete}; {@link RunResult#valid()} says whether every
   *     repetition is valid
   * @throws io.tunelab.core.BadInputException when the provider cannot set a knob (nothing is
   *     started or written then), or a tier refuses a knob (the run is then recorded as incomplete)
   */
  public RunResult run(Experiment experiment, Path resultsRoot) throws InterruptedException {
    ProviderFit.check(experiment, provider);
    OutsideEndpoints.check(experiment);
    String runId = LocalDateTime.now().format(ID_TIME) + "-" + experiment.name();
    synchronized (lock) {
      runDir = newRunDir(resultsRoot, runId);
      tiers =
          new RunTiers(
              provider,
              runDir.resolve("logs"),
              text -> progress.report(new RunEvent.TierNotice(text)));
      // one load JVM for every load run of the experiment: a JVM a batch spent seconds of CPU
      // beside the stack at every batch's start
      load =
          new JmeterServer(
              home,
              LOAD_JVM_FLAGS,
              OptionalLong.of(ProcessHandle.current().pid()),
              runDir.resolve("logs"));
      // JMeter's remote engines, started when a step first asks for them (workload.engines)
      engines =
          new JmeterEngines(
              home,
              LOAD_JVM_FLAGS,
              OptionalLong.of(ProcessHandle.current().pid()),
              runDir.resolve("logs"));
      planRunner = PlanRunner.forRun(experiment.plan());
      result =
          new RunResult(
                  runDir.getFileName().toString(),
                  experiment.name(),
                  experiment.file(),
                  experiment.plan().yamlName(),
                  experiment.plan().throughputUnit(),
                  RunResult.RUNNING,
                  false,
                  Instant.now().toString(),
                  null,
                  experiment.repeat(),
                  experiment.baseline(),
                  null,
                  List.of())
              .withRepetitions(experiment.repetitions());
      save(result);
    }
    progress.report(new RunEvent.RunStarted(runId, runDir));
    running = Thread.currentThread();
    try {
      runSchedule(experiment);
      dashboards();
      finish(RunResult.COMPLETE);
      return result;
    } catch (RuntimeException | InterruptedException e) {
      finish(RunResult.INCOMPLETE);
      throw e;
    } finally {
      running = null;
      closeTiers();
    }
  }

  /**
   * Measures the steps in the order the experiment's {@link Schedule} gives: each switch to another
   * step brings the tiers to its knobs (a visit; in rounds, a step's middleware JVM is parked
   * between its visits and resumed warm); repetitions follow until the schedule is done, and
   * run.json says how it went and why it stopped.
   */
  private void runSchedule(Experiment experiment) throws InterruptedException {
    Eta eta = new Eta(experiment.runs());
    List<StepRun> steps = new ArrayList<>();
    for (int i = 0; i < experiment.steps().size(); i++) {
      steps.add(new StepRun(experiment.steps().get(i), i));
    }
    Repetitions repetitions = experiment.repetitions();
    tiers.recordMiddlewares(sampler != Sampler.NONE);
    tiers.parkMiddlewares(
        repetitions.rounds() && repetitions.jvm() == Repetitions.Jvm.SHARED && steps.size() > 1);
    long seed = ThreadLocalRandom.current().nextLong(1, 1L << 40);
    Schedule schedule = new Schedule(repetitions, steps.size(), seed);
    long started = System.currentTimeMillis();
    StepRun current = null;
    OptionalInt next;
    while ((next = schedule.next(soFar(experiment, steps), System.currentTimeMillis() - started))
        .isPresent()) {
      StepRun step = steps.get(next.getAsInt());
      if (step != current) {
        visit(experiment, step, eta);
        current = step;
      }
      runRepetition(experiment, step, eta, schedule.round());
      save(result.withSchedule(outcome(experiment, schedule, seed, started, null)));
    }
    Schedule.Stop stop = schedule.stop();
    save(
        result.withSchedule(
            outcome(experiment, schedule, seed, started, stop == null ? null : stop.text())));
  }

  /**
   * What each step has so far, with the minimum detectable effect of its comparisons: a study's own
   * (its expectations), else each step's with the baseline.
   */
  private List<Schedule.StepSoFar> soFar(Experiment experiment, List<StepRun> steps) {
    List<Schedule.StepSoFar> out = new ArrayList<>();
    for (StepRun step : steps) {
      int counted = (int) step.done.stream().filter(Repetition::undisturbed).count();
      out.add(
          new Schedule.StepSoFar(
              counted, StudyPrecision.mde(result, experiment, step.step.name()), step.done.size()));
    }
    return out;
  }

  private ScheduleOutcome outcome(
      Experiment experiment, Schedule schedule, long seed, long started, String stoppedBy) {
    Repetitions r = result.repetitions();
    double worst = StudyPrecision.worstMde(result, experiment);
    return new ScheduleOutcome(
        schedule.round(),
        seed,
        stoppedBy,
        Double.isNaN(worst) ? null : Math.round(1000 * worst) / 10.0,
        r != null && r.adaptive() ? r.mdePercent() : null,
        Math.round((System.currentTimeMillis() - started) / 6000.0) / 10.0);
  }

  /** Brings the tiers to the step's knobs and makes a new repetition runner for this visit. */
  private void visit(Experiment experiment, StepRun step, Eta eta) {
    int rep = step.done.size() + 1;
    progress.phase(position(experiment, step, rep, eta), "starting tiers");
    Path dir = stepDir(step).resolve(rep == 1 ? RunLayout.MIDDLEWARE : RunLayout.middleware(rep));
    List<String> restarted = tiers.apply(step.step.knobs(), dir);
    if (step.restarted == null) {
      step.restarted = restarted;
    }
    step.unusedJvm = restarted.contains(MiddlewareTier.NAME);
    if (result.environment() == null) {
      save(
          result.withEnvironment(
              EnvironmentProbe.collect(
                  home, tiers.endpoints(), step.step.knobs(), provider.describe())));
    }
    KnobSet knobs = step.step.knobs();
    String hosts = knobs.get(WorkloadKnobs.ENGINE_HOSTS);
    JmeterEngines loadTier =
        hosts.isEmpty() ? engines : JmeterEngines.at(List.of(hosts.split(",")));
    int loadEngines = hosts.isEmpty() ? knobs.get(WorkloadKnobs.ENGINES) : loadTier.running();
    if (loadEngines > 1 && loadTier.running() < loadEngines) {
      tiers.warmUpAgain(); // the warm-up starts the engines and warms their JIT with the stack's
    }
    step.repetition =
        planRunner.repetition(
            tiers,
            load.configured(
                loadEngines,
                loadTier,
                knobs.get(WorkloadKnobs.CONTROLLER_HOST),
                knobs.get(WorkloadKnobs.INFLUXDB_URL),
                experiment.name() + "/" + step.step.name()),
            sampler,
            progress);
  }

  private void runRepetition(Experiment experiment, StepRun step, Eta eta, int round)
      throws InterruptedException {
    int rep = step.done.size() + 1;
    Progress.Position at = position(experiment, step, rep, eta);
    Path middlewareDir = stepDir(step).resolve(RunLayout.middleware(rep));
    Optional<String> death = tiers.reviveMiddleware(middlewareDir);
    death.ifPresent(
        why -> progress.report(new RunEvent.MiddlewareRevived(step.step.name(), rep, why)));
    if (experiment.repetitions().jvm() == Repetitions.Jvm.FRESH
        && !step.unusedJvm
        && death.isEmpty()) {
      progress.phase(at, "starting a fresh middleware JVM");
      tiers.restartMiddleware(middlewareDir);
    }
    step.unusedJvm = false;
    String relative = RunLayout.repetition(step.step.folderName(), rep);
    long started = System.nanoTime();
    Repetition done =
        step.repetition.run(
            step.step.knobs(), at, tag(step.index, rep), runDir.resolve(relative), relative);
    done = checkedStart(step, done);
    if (round > 0) {
      done = done.withProtocol(done.protocolOrNone().withRound(round));
    }
    step.done.add(done);
    eta.done(System.nanoTime() - started);
    if (step.readBack == null && tiers.middlewareDeath().isEmpty()) {
      // a dead middleware has nothing to say: the next repetition's new one is read instead
      step.readBack = ReadBack.of(tiers, step.step.knobs());
      step.readBack.putAll(step.repetition.readBack());
    }
    save(
        result
            .withStep(
                StepResult.of(
                    step.step.name(),
                    step.step.changes(),
                    step.step.knobs().resolved(),
                    step.restarted,
                    step.readBack,
                    step.done))
            .ordered(experiment.steps().stream().map(Step::name).toList()));
  }

  /**
   * The repetition with its start state compared with the one its step's first repetition started
   * from (the step's first keeps it as the reference).
   */
  private static Repetition checkedStart(StepRun step, Repetition done) {
    Optional<StartState> start = step.repetition.lastStartState();
    if (start.isEmpty()) {
      return done;
    }
    if (step.firstStart == null) {
      step.firstStart = start.get();
      return done;
    }
    return done.withProtocol(
        done.protocolOrNone().withStartState(StartCheck.of(start.get(), step.firstStart)));
  }

  private Progress.Position position(Experiment experiment, StepRun step, int rep, Eta eta) {
    return new Progress.Position(
        step.step.name(),
        step.index + 1,
        experiment.steps().size(),
        rep,
        // a disturbed repetition measured again goes past the count: show how far
        Math.max(rep, experiment.repetitions().max()),
        eta.eta());
  }

  private Path stepDir(StepRun step) {
    return runDir.resolve(step.step.folderName());
  }

  /** A step's state across its visits. */
  private static final class StepRun {
    final Step step;
    final int index;
    final List<Repetition> done = new ArrayList<>();
    List<String> restarted;
    Map<String, Object> readBack;
    PlanRepetition repetition;

    /** The state the step's first repetition started from: the others are compared with it. */
    StartState firstStart;

    /** Whether the middleware JVM was started for this visit and has measured nothing yet. */
    boolean unusedJvm;

    StepRun(Step step, int index) {
      this.step = step;
      this.index = index;
    }
  }

  /** Order ids carry it: letters and digits, unique per repetition and per run. */
  private String tag(int stepIndex, int rep) {
    return runNonce + "s" + (stepIndex + 1) + "r" + rep;
  }

  private final String runNonce =
      Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000));

  /**
   * Stops the run from another thread (Ctrl-C): records it as incomplete and stops every tier. The
   * running repetition then fails; nothing it does after this is recorded.
   */
  public void stop() {
    stopped = true;
    Thread thread = running;
    if (thread != null) {
      // out of its load run or drain at once: no step runs on against tiers going down
      thread.interrupt();
    }
    finish(RunResult.INCOMPLETE);
    closeTiers();
  }

  /** Whether {@link #stop()} was called: what {@link #run} throws then is the stop, not a fault. */
  public boolean stopped() {
    return stopped;
  }

  /** The run's folder; null before {@link #run} made it. */
  public Path runDir() {
    synchronized (lock) {
      return runDir;
    }
  }

  /** The measured repetitions' JMeter dashboards the load runs did not write, before the report. */
  private void dashboards() {
    try {
      String done = RunDashboards.complete(runDir, result, load);
      if (!done.isEmpty()) {
        progress.report(new RunEvent.TierNotice(done));
      }
    } catch (RuntimeException e) {
      // a dashboard is a view of the JTL, which is kept: its failure costs the view, not the run
      progress.report(new RunEvent.TierNotice("JMeter's dashboards were not written: " + e));
    }
  }

  private void finish(RunStatus status) {
    synchronized (lock) {
      if (result != null && !ended) {
        save(result.finished(status, Instant.now().toString()));
        ended = true;
        writeEndFormats();
      }
    }
  }

  /**
   * The formats written once the run ended ({@code report.html}), each on its own: a format that
   * fails costs its file, never the run's results.
   */
  private void writeEndFormats() {
    for (ResultFormat format : END_FORMATS) {
      try {
        RunFiles.write(runDir, result, List.of(format));
      } catch (RuntimeException e) {
        LOG.warn("could not write {}: {}", runDir.resolve(format.file()), e.toString());
      }
    }
  }

  private void save(RunResult next) {
    synchronized (lock) {
      if (ended) {
        return;
      }
      result = next;
      RunFiles.write(runDir, next);
    }
  }

  private void closeTiers() {
    RunTiers running;
    JmeterServer loadJvm;
    JmeterEngines loadEngines;
    synchronized (lock) {
      running = tiers;
      loadJvm = load;
      loadEngines = engines;
    }
    if (loadJvm != null) {
      loadJvm.close();
    }
    if (loadEngines != null) {
      loadEngines.close();
    }
    if (running != null) {
      running.close();
    }
  }

  private static Path newRunDir(Path resultsRoot, String runId) {
    try {
      Files.createDirectories(resultsRoot);
      Path dir = resultsRoot.resolve(runId);
      for (int n = 2; Files.exists(dir); n++) {
        dir = resultsRoot.resolve(runId + "-" + n);
      }
      return Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot make the run folder under " + resultsRoot, e);
    }
  }

  /** Estimated time left: the mean repetition time so far times the repetitions left. */
  private static final class Eta {
    private final int total;
    private int done;
    private long nanos;

    Eta(int total) {
      this.total = total;
    }

    void done(long repNanos) {
      done++;
      nanos += repNanos;
    }

    long eta() {
      return done == 0 ? -1 : (nanos / done) * (total - done) / 1_000_000_000L;
    }
  }
}
