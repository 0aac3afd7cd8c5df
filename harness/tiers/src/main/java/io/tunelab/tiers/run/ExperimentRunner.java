package io.tunelab.tiers.run;

import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.Plan;
import io.tunelab.core.experiment.Step;
import io.tunelab.core.report.HtmlReport;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RunFiles;
import io.tunelab.core.results.RunResult;
import io.tunelab.core.results.StepResult;
import io.tunelab.tiers.TunelabHome;
import io.tunelab.tiers.load.JmeterRunner;
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
    List<String> flags = new ArrayList<>(JmeterRunner.DEFAULT_JVM_FLAGS);
    flags.add("-XX:TieredStopAtLevel=1");
    return List.copyOf(flags);
  }

  private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

  private final TunelabHome home;
  private final StackProvider provider;
  private final Sampler sampler;
  private final Progress progress;
  private final Object lock = new Object();
  private RunTiers tiers;
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
   * @throws io.tunelab.core.BadInputException when a tier refuses a knob; the run is then recorded
   *     as incomplete
   */
  public RunResult run(Experiment experiment, Path resultsRoot) throws InterruptedException {
    String runId = LocalDateTime.now().format(ID_TIME) + "-" + experiment.name();
    synchronized (lock) {
      runDir = newRunDir(resultsRoot, runId);
      tiers = new RunTiers(provider, runDir.resolve("logs"), progress::line);
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
              List.of());
      save(result);
    }
    progress.line("tunelab: run " + runId + " -> " + runDir);
    running = Thread.currentThread();
    try {
      Eta eta = new Eta(experiment.runs());
      for (int i = 0; i < experiment.steps().size(); i++) {
        runStep(experiment, i, eta);
      }
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

  private void runStep(Experiment experiment, int index, Eta eta) throws InterruptedException {
    Step step = experiment.steps().get(index);
    Path stepDir = runDir.resolve(step.folderName());
    Progress.Position start =
        new Progress.Position(
            step.name(), index + 1, experiment.steps().size(), 1, experiment.repeat(), eta.eta());
    progress.phase(start, "starting tiers");
    List<String> restarted = tiers.apply(step.knobs(), stepDir.resolve("middleware"));
    if (result.environment() == null) {
      save(result.withEnvironment(EnvironmentProbe.collect(home, tiers.endpoints(), step.knobs())));
    }
    JmeterRunner load =
        new JmeterRunner(home, LOAD_JVM_FLAGS, OptionalLong.of(ProcessHandle.current().pid()));
    PlanRepetition repetition =
        experiment.plan() == Plan.CONCURRENT_SOAP
            ? new SoapRepetition(tiers, load, sampler, progress)
            : new BatchOrderRepetition(tiers, load, sampler, progress);
    List<Repetition> done = new ArrayList<>();
    Map<String, Object> readBack = null;
    for (int rep = 1; rep <= experiment.repeat(); rep++) {
      Progress.Position at =
          new Progress.Position(
              step.name(),
              index + 1,
              experiment.steps().size(),
              rep,
              experiment.repeat(),
              eta.eta());
      String tag = tag(index, rep);
      String relative = step.folderName() + "/rep-" + rep;
      if (rep > 1) {
        int repetitionNumber = rep;
        tiers
            .reviveMiddleware(stepDir.resolve("middleware-rep-" + rep))
            .ifPresent(
                death ->
                    progress.line(
                        step.name()
                            + " rep "
                            + repetitionNumber
                            + ": starting the middleware again, "
                            + death.lines().findFirst().orElse(death)));
      }
      long started = System.nanoTime();
      done.add(repetition.run(step.knobs(), at, tag, runDir.resolve(relative), relative));
      eta.done(System.nanoTime() - started);
      if (readBack == null && tiers.middlewareDeath().isEmpty()) {
        // a dead middleware has nothing to say: the next repetition's new one is read instead
        readBack = ReadBack.of(tiers, step.knobs());
      }
      save(
          result.withStep(
              StepResult.of(
                  step.name(),
                  step.changes(),
                  step.knobs().resolved(),
                  restarted,
                  readBack,
                  done)));
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

  private void finish(String status) {
    synchronized (lock) {
      if (result != null && !ended) {
        save(result.finished(status, Instant.now().toString()));
        ended = true;
        writeReport();
      }
    }
  }

  /** The run's report.html; a report that fails costs the page, never the run's results. */
  private void writeReport() {
    try {
      HtmlReport.write(runDir);
    } catch (RuntimeException e) {
      LOG.warn("could not write {}: {}", runDir.resolve(HtmlReport.FILE), e.toString());
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
    synchronized (lock) {
      running = tiers;
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
