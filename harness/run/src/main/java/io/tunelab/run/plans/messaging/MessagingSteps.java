package io.tunelab.run.plans.messaging;

import io.tunelab.core.BadInputException;
import io.tunelab.core.experiment.Plan;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.results.OutputFiles;
import io.tunelab.core.results.RunLayout;
import io.tunelab.core.results.Warmup;
import io.tunelab.core.stack.Backend;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.run.BatchSizer;
import io.tunelab.run.CrashAt;
import io.tunelab.run.PlanSteps;
import io.tunelab.run.Progress;
import io.tunelab.run.ProviderFit;
import io.tunelab.run.RepetitionData;
import io.tunelab.run.RoundWarmup;
import io.tunelab.run.RunTiers;
import io.tunelab.run.Sampler;
import io.tunelab.run.observe.HostClock;
import io.tunelab.tiers.jmeter.LoadGenerator;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A messaging repetition's parts: prepare the data (purge the queues and the run tables, the
 * sequence's cache); warm up in rounds of at least {@code workload.warmupMessages} until the
 * throughput is steady ({@link RoundWarmup}); then the measured run of at least {@code
 * workload.messages} and its drain ({@link MessagingRun}), judged by {@link MessagingOutcome}. A
 * round and a run grow until they should last {@code workload.minMeasuredSeconds} at the last rate
 * ({@link BatchSizer}), the measured run once per step. In {@code workload.mode=backlog} the
 * measured window starts when the held messages are released, so the clients' CPU is out of it; in
 * {@code stream} and {@code rate} it covers the sends.
 */
public final class MessagingSteps implements PlanSteps {
  private final RunTiers tiers;
  private final LoadGenerator load;
  private final Progress progress;
  private final RoundWarmup warmup;
  private final BatchSizer sizer;

  public MessagingSteps(RunTiers tiers, LoadGenerator load, Progress progress, BatchSizer sizer) {
    this.tiers = tiers;
    this.load = load;
    this.progress = progress;
    this.sizer = sizer;
    this.warmup = new RoundWarmup(tiers, progress, "messages");
  }

  @Override
  public Plan plan() {
    return Plan.MESSAGING;
  }

  @Override
  public java.util.Map<String, Object> readBack() {
    return MessagingReadBack.of(tiers);
  }

  @Override
  public void prepare(KnobSet knobs, Path dir) {
    Endpoints endpoints = tiers.endpoints();
    if (!endpoints.serves(Backend.DRIVER)) {
      throw new BadInputException(ProviderFit.noMock(plan(), Backend.DRIVER));
    }
    RepetitionData.prepare(tiers, knobs);
  }

  @Override
  public boolean warmsUp(KnobSet knobs) {
    return MessagingWorkload.of(knobs).warmupMessages() > 0;
  }

  @Override
  public Warmup warmUp(KnobSet knobs, Progress.Position at, String tag, Path dir)
      throws InterruptedException {
    MessagingWorkload workload = MessagingWorkload.of(knobs);
    MessagingPlan plan = plan(workload, workload.warmupMessages(), tag + "w");
    Warmup done =
        warmup.run(
            knobs,
            at,
            describe(plan),
            dir.resolve("warmup"),
            (number, roundDir) -> {
              int messages = sizer.round(knobs, workload.warmupMessages());
              MessagingRun run =
                  MessagingRun.run(
                      tiers,
                      load,
                      plan(workload, messages, tag + "w" + number),
                      roundDir,
                      workload.drainTimeout(),
                      workload.backlog(),
                      () -> {},
                      false,
                      // a warm-up round crashes nothing
                      Optional.empty());
              MessagingOutcome outcome = MessagingOutcome.of(run, knobs, 0);
              sizer.drained(outcome.metrics().throughputPerMinute());
              return new RoundWarmup.Done(
                  messages, outcome.messages().driven(), outcome.metrics().throughputPerMinute());
            });
    progress.phase(at, "preparing data");
    prepare(knobs, dir);
    return done;
  }

  @Override
  public Measured measure(
      KnobSet knobs, Progress.Position at, String tag, Path dir, Sampler.Sampling sampling)
      throws InterruptedException {
    MessagingWorkload workload = MessagingWorkload.of(knobs);
    boolean backlog = workload.backlog();
    if (!backlog) {
      sampling.markMeasured();
    }
    int messages = sizer.measured(at.stepNumber() + "/" + at.step(), knobs, workload.messages());
    MessagingPlan plan = plan(workload, messages, tag + "m");
    progress.phase(at, "load (" + describe(plan) + (backlog ? ", held, then drained" : "") + ")");
    long duplicatesBefore = duplicates();
    HostClock.Ticks[] before = {HostClock.now()};
    // the crash's watcher counts on a connection of its own, ten times a second
    FinishedMessages crashCount = new FinishedMessages(tiers.endpoints(), plan.idPrefix());
    Optional<CrashAt> crash =
        CrashAt.start(knobs, plan.messages(), "messages", crashCount::count, tiers, progress, at);
    MessagingRun run;
    try {
      run =
          MessagingRun.run(
              tiers,
              load,
              plan,
              dir.resolve(RunLayout.LOAD),
              workload.drainTimeout(),
              backlog,
              () -> {
                // backlog: the window starts at the release, the clients' sends out of it
                sampling.markMeasured();
                before[0] = HostClock.now();
              },
              // No JMeter dashboard: a sample is labelled with its message id, and the dashboard's
              // statistics per label ran the load JVM out of heap at 3,000 messages.
              false,
              crash);
    } finally {
      crash.ifPresent(CrashAt::close);
      crashCount.close();
    }
    Double steal = HostClock.orNull(HostClock.now().stealPercentSince(before[0]));
    OutputFiles.replace(dir.resolve(RunLayout.MESSAGES), run.accounting().csv());
    MessagingOutcome outcome =
        MessagingOutcome.of(run, knobs, Math.max(0, duplicates() - duplicatesBefore));
    sizer.drained(outcome.metrics().throughputPerMinute());
    String verdict = outcome.verdict();
    boolean valid = outcome.valid();
    if (tiers.middlewareDeath().isPresent()) {
      valid = false;
      verdict += "; INVALID: the middleware died: " + tiers.middlewareDeath().get();
    }
    Measured measured =
        new Measured(
            valid,
            verdict,
            outcome.metrics(),
            new MessagingMeasures(outcome.messages()),
            outcome.latency(),
            steal,
            outcome.messages().driven() + outcome.messages().failed(),
            outcome.latency().getTotalCount() == 0 ? 0 : outcome.latency().getMean());
    return run.crash().map(measured::withFigure).orElse(measured);
  }

  /** The clients' plan for {@code messages} messages of {@code workload}. */
  MessagingPlan plan(MessagingWorkload workload, int messages, String tag) {
    return new MessagingPlan(
        tiers.endpoints().broker(),
        messages,
        workload.threads(),
        workload.queues(),
        workload.replyQueue(),
        workload.responseTimeoutMillis(),
        workload.persistent(),
        workload.mixedPriorities(),
        workload.messageBytes(),
        workload.seed(),
        tag,
        workload.arrivalsPerMinute());
  }

  /** Redeliveries of an already logged message the server counted since it started. */
  private long duplicates() {
    return tiers.middleware().status().path("messaging").path("duplicates").asLong();
  }

  private static String describe(MessagingPlan plan) {
    return plan.messages()
        + (plan.twoWay() ? " two-way" : " one-way")
        + " messages from "
        + plan.threads()
        + " client threads over "
        + plan.queues()
        + (plan.queues() == 1 ? " queue" : " queues")
        + (plan.arrivalsPerMinute() > 0 ? " at " + plan.arrivalsPerMinute() + "/min" : "");
  }
}
