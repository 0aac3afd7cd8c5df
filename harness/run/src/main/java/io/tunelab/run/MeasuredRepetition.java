package io.tunelab.run;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.WorkloadKnobs;
import io.tunelab.core.measure.HostProbe;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.results.RepetitionProtocol;
import io.tunelab.core.results.StartCheck;
import io.tunelab.core.results.StartState;
import io.tunelab.core.results.SteadyStateReport;
import io.tunelab.core.results.Warmup;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The one skeleton of every plan's repetition: prepare the data, start sampling, warm the
 * middleware JVM up when it is new to the run (or before every repetition when {@code
 * workload.warmupBefore} asks), measure, and judge. Besides the plan's own verdict, a repetition on
 * a JVM whose warm-up found no steady state is marked NO STEADY STATE, and one the host disturbed
 * DISTURBED: both are kept in run.json and left out of the step's statistics (the disturbed one is
 * measured again), since their numbers would look fine.
 */
final class MeasuredRepetition implements PlanRepetition {
  private final PlanSteps plan;
  private final RunTiers tiers;
  private final Sampler sampler;
  private final Progress progress;
  private StartState lastStart;

  MeasuredRepetition(PlanSteps plan, RunTiers tiers, Sampler sampler, Progress progress) {
    this.plan = plan;
    this.tiers = tiers;
    this.sampler = sampler;
    this.progress = progress;
  }

  @Override
  public Repetition run(
      KnobSet knobs, Progress.Position at, String tag, Path dir, String relativeDir)
      throws InterruptedException {
    long started = System.nanoTime();
    progress.phase(at, "preparing data");
    plan.prepare(knobs, dir);
    try (Sampler.Sampling sampling = sampler.start(tiers.samplerWindow(at, dir))) {
      Warmup warmedUp = warmupDue(knobs) ? plan.warmUp(knobs, at, tag, dir) : null;
      StartState start = StartStateProbe.read(tiers, dir);
      lastStart = start;
      double hostProbe = HostProbe.millis();
      PlanSteps.Measured measured = plan.measure(knobs, at, tag, dir, sampling);
      StringBuilder verdict = new StringBuilder(measured.verdict());
      Boolean steady = steady(tiers.middlewareWarmup().orElse(null), verdict);
      boolean disturbed = disturbed(knobs, measured.stealPercent(), verdict);
      Repetition done =
          LatencyLog.attach(
                  Repetition.measured(
                      at.repetition(),
                      measured.valid(),
                      verdict.toString(),
                      measured.metrics(),
                      measured.measures(),
                      warmedUp,
                      (System.nanoTime() - started) / 1_000_000,
                      relativeDir),
                  measured.latency(),
                  dir)
              .withMiddlewareJvm(tiers.middlewareJvm())
              .withDisturbed(disturbed)
              .withSteady(steady)
              .withProtocol(
                  RepetitionProtocol.NONE
                      .withStartState(StartCheck.of(start, null))
                      .withBatchMeans(measured.batchMeans())
                      .withWindowBatches(measured.windowBatches())
                      .withHostProbeMillis(hostProbe));
      Repetition observed =
          sampling.finish(measured.runnerFigures()).map(o -> o.applyTo(done)).orElse(done);
      Repetition judged = outsideDisturbed(knobs, observed);
      progress.report(new RunEvent.RepetitionFinished(at, plan.plan().throughputUnit(), judged));
      plan.finished(judged);
      return judged;
    }
  }

  @Override
  public java.util.Map<String, Object> readBack() {
    return plan.readBack();
  }

  @Override
  public java.util.Optional<StartState> lastStartState() {
    return java.util.Optional.ofNullable(lastStart);
  }

  /**
   * A warm-up runs when the middleware JVM has not been warmed up since it started (a fresh,
   * revived or restarted one), or before every repetition when asked, unless the workload asks for
   * none; a step that kept the JVM of the step before it measures on a JVM already steady.
   */
  private boolean warmupDue(KnobSet knobs) {
    if (!plan.warmsUp(knobs)) {
      return false;
    }
    return tiers.middlewareWarmup().isEmpty()
        || knobs.get(WorkloadKnobs.WARMUP_BEFORE) == WorkloadKnobs.WarmupBefore.EVERY_REPETITION;
  }

  /**
   * Whether the middleware JVM's warm-up found a steady state (null when none judged it); when it
   * did not, the verdict starts with NO STEADY STATE and why.
   */
  static Boolean steady(SteadyStateReport jvmWarmup, StringBuilder verdict) {
    Boolean steady = jvmWarmup == null ? null : jvmWarmup.reached();
    if (Boolean.FALSE.equals(steady)) {
      verdict.insert(
          0,
          "NO STEADY STATE ("
              + jvmWarmup.endedBy()
              + "): measured on a middleware whose"
              + " throughput had not settled, not counted when steady repetitions exist: ");
    }
    return steady;
  }

  /**
   * The repetition, DISTURBED when processes outside the stack (another user's work, a build) took
   * more of the machine than {@code workload.maxStealPercent} during the measured window, as the
   * observer read it: their CPU was the stack's to have, as surely as the hypervisor's steal. An
   * invalid repetition is not judged: a middleware that died took its CPU out of the stack's count
   * (it reads as "outside"), and measuring again a configuration that dies would only die again.
   */
  static Repetition outsideDisturbed(KnobSet knobs, Repetition rep) {
    double max = knobs.get(WorkloadKnobs.MAX_STEAL_PERCENT);
    if (!rep.valid()
        || !rep.undisturbed()
        || rep.machineNoise() == null
        || rep.machineNoise().outsidePercentOfMachine() <= max) {
      return rep;
    }
    return rep.withDisturbed(true)
        .withVerdict(
            String.format(
                    Locale.ROOT,
                    "DISTURBED (processes outside the stack took %.1f%% of the machine, over"
                        + " workload.maxStealPercent %s%%: not counted, measured again): ",
                    rep.machineNoise().outsidePercentOfMachine(),
                    WorkloadKnobs.MAX_STEAL_PERCENT.format(max))
                + rep.verdict());
  }

  /**
   * Whether the host took more of the machine than {@code workload.maxStealPercent} during the
   * measured window; says so in the verdict when it did.
   */
  static boolean disturbed(KnobSet knobs, Double stealPercent, StringBuilder verdict) {
    double max = knobs.get(WorkloadKnobs.MAX_STEAL_PERCENT);
    if (stealPercent == null || stealPercent <= max) {
      return false;
    }
    verdict.insert(
        0,
        String.format(
            Locale.ROOT,
            "DISTURBED (the hypervisor took %.1f%% of the machine, over workload.maxStealPercent"
                + " %s%%: not counted, measured again): ",
            stealPercent,
            WorkloadKnobs.MAX_STEAL_PERCENT.format(max)));
    return true;
  }
}
