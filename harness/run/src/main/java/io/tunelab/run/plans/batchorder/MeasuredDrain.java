package io.tunelab.run.plans.batchorder;

import io.tunelab.core.findings.TierCrash;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.WorkloadKnobs;
import io.tunelab.run.BesideLoad;
import io.tunelab.run.CrashAt;
import io.tunelab.run.Progress;
import io.tunelab.run.RunTiers;
import io.tunelab.run.Sampler;
import io.tunelab.run.observe.HostClock;
import io.tunelab.run.observe.StackClock;
import io.tunelab.run.observe.ThreadDump;
import io.tunelab.run.plans.batchorder.drain.DrainResult;
import io.tunelab.run.plans.batchorder.drain.DrainWatcher;
import io.tunelab.run.plans.batchorder.drain.FaultSource;
import io.tunelab.run.plans.batchorder.drain.FaultedOrders;
import io.tunelab.run.plans.batchorder.drain.MocksCompletions;
import io.tunelab.run.plans.batchorder.drain.OutageTolerantFaults;
import io.tunelab.tiers.middleware.MiddlewareTier;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Sends a repetition's measured batch in the mode {@code workload.mode} names and drains it: in
 * backlog mode the batch is enqueued with delivery held and the measured window starts at the
 * release; in stream mode it starts with the first send; in rate mode the orders go out at {@code
 * workload.arrivalsPerMinute}, the window starts with the first order's due time and each order's
 * latency is measured from its due time.
 */
final class MeasuredDrain {
  private static final Duration POLL = Duration.ofMillis(250);
  private static final Duration QUEUE_WAIT = Duration.ofSeconds(120);

  /** The middleware's threads when a drain stalled, in the drain's folder. */
  static final String THREAD_DUMP = "middleware-threads.txt";

  private final RunTiers tiers;
  private final OrderSender sender;
  private final Progress progress;
  private final BesideLoad beside;

  /**
   * @param beside what runs beside each held batch's drain when the knobs ask for it
   */
  MeasuredDrain(RunTiers tiers, OrderSender sender, Progress progress, BesideLoad beside) {
    this.tiers = tiers;
    this.sender = sender;
    this.progress = progress;
    this.beside = beside;
  }

  /**
   * A drained batch.
   *
   * @param mode the {@code workload.mode} it ran in
   * @param sent what the load tier sent
   * @param drain where every order ended, with latencies from {@code startMillis} or the send
   * @param held backlog: what the intake held at the release; null in the other modes
   * @param startMillis where processing could start: the release, or the first send
   * @param host what the machine and the middleware spent over the drain
   * @param crash the tier killed in the drain ({@code workload.crash}); empty when none was
   * @param beside what billing-care users querying through the drain got ({@code
   *     workload.besideUsers}); null when none queried
   */
  record Drained(
      String mode,
      OrderSender.Sent sent,
      DrainResult drain,
      BacklogHold.Released held,
      long startMillis,
      DrainCost host,
      Optional<TierCrash> crash,
      BesideLoad.Beside beside) {}

  /** A drain and the crash it may have held. */
  private record Drainage(DrainResult result, Optional<TierCrash> crash) {}

  /**
   * Read around a drain by the runner itself, observer or not.
   *
   * @param stealPercent the hypervisor's steal over the drain, % of the machine; null when unknown
   * @param middlewareCpuMillisPerOrder the middleware JVM's CPU over the drain per order settled;
   *     null when unknown: it falls as the JIT warms up, whatever else slows the drain
   * @param machineBusyPercent the machine's busy time over the drain, % of all cores; null when
   *     unknown
   * @param costPerOrder what the whole stack spent per order settled, by series (CPU milliseconds
   *     of the middleware, the db and the broker; WAL bytes; statements), for a whole-stack
   *     warm-up; a series absent where unknown
   */
  record DrainCost(
      Double stealPercent,
      Double middlewareCpuMillisPerOrder,
      Double machineBusyPercent,
      Map<String, Double> costPerOrder) {}

  /** Readings taken where a drain starts. */
  private record Start(StackClock.Reading stack, java.util.OptionalLong cpuNanos) {
    static Start now(RunTiers tiers, List<Long> pids) {
      return new Start(tiers.stackReading(), HostClock.cpuNanos(pids));
    }

    DrainCost until(RunTiers tiers, List<Long> pids, DrainResult drain) {
      StackClock.Reading end = tiers.stackReading();
      java.util.OptionalLong cpu = HostClock.cpuNanos(pids);
      int settled = drain.accounting().completed() + drain.accounting().faulted();
      java.util.OptionalDouble perUnit = HostClock.cpuMillisPerUnit(cpuNanos, cpu, settled);
      Double perOrder = perUnit.isPresent() ? perUnit.getAsDouble() : null;
      StackClock.Cost cost = StackClock.between(stack, end, settled);
      Map<String, Double> costs = new LinkedHashMap<>(cost.perUnit());
      if (perOrder != null) {
        // the JVM's own clock, in nanoseconds, is finer than the tree's ticks
        costs.put(MiddlewareTier.NAME, perOrder);
      }
      return new DrainCost(cost.stealPercent(), perOrder, cost.busyPercent(), costs);
    }
  }

  Drained run(
      KnobSet knobs,
      Progress.Position at,
      int orders,
      String tag,
      Path dir,
      Sampler.Sampling window)
      throws InterruptedException {
    BatchOrderWorkload workload = BatchOrderWorkload.of(knobs);
    WorkloadKnobs.Mode mode = workload.mode();
    if (mode == WorkloadKnobs.Mode.BACKLOG) {
      return backlog(knobs, at, orders, tag, dir, window::markMeasured, true);
    }
    long since = tiers.siebel().reset();
    window.markMeasured();
    boolean rate = mode == WorkloadKnobs.Mode.RATE;
    progress.phase(
        at,
        rate
            ? "load: sending " + orders + " orders at " + workload.arrivalsPerMinute() + "/min"
            : "load: sending " + orders + " orders");
    List<Long> pids = tiers.middlewarePids();
    Start readings = Start.now(tiers, pids);
    OrderSender.Sent sent =
        rate ? sender.sendPaced(knobs, orders, tag, dir) : sender.send(knobs, orders, tag, dir);
    // rate mode: latency from each order's due time, so a late send is not hidden
    Map<String, Long> from = rate ? sent.dueMillis() : sent.sentAtMillis();
    long first = firstSend(from);
    Drainage drainage = drain(knobs, at, sent, since, from, first, dir, true);
    DrainResult drain = drainage.result();
    return new Drained(
        mode.label(),
        sent,
        drain,
        null,
        first,
        readings.until(tiers, pids, drain),
        drainage.crash(),
        null);
  }

  /**
   * Enqueues {@code orders} with delivery held, releases them and drains them.
   *
   * @param atRelease runs just before the release: where a measured window starts
   */
  Drained backlog(
      KnobSet knobs, Progress.Position at, int orders, String tag, Path dir, Runnable atRelease)
      throws InterruptedException {
    return backlog(knobs, at, orders, tag, dir, atRelease, false);
  }

  /**
   * @param measured whether this is the measured batch, the one {@code workload.crash} kills a tier
   *     in; a warm-up batch crashes nothing
   */
  private Drained backlog(
      KnobSet knobs,
      Progress.Position at,
      int orders,
      String tag,
      Path dir,
      Runnable atRelease,
      boolean measured)
      throws InterruptedException {
    long since = tiers.siebel().reset();
    // warm-up batches too: the users' queries are part of the workload a steady state is judged
    // on, and what a split cluster's answering instance compiles
    Optional<BesideLoad.Running> users = beside.start(tiers, knobs, dir);
    try (BacklogHold hold = hold(knobs, tag)) {
      progress.phase(at, "load: enqueuing " + orders + " orders with delivery held");
      OrderSender.Sent sent = sender.sendHeld(knobs, orders, tag, dir);
      hold.awaitQueued(sent.count(), QUEUE_WAIT);
      atRelease.run();
      List<Long> pids = tiers.middlewarePids();
      Start readings = Start.now(tiers, pids);
      BacklogHold.Released released = hold.release();
      long start = released.releasedAtMillis();
      Drainage drainage =
          drain(knobs, at, sent, since, fromRelease(sent, start), start, dir, measured);
      long end = System.currentTimeMillis();
      DrainResult drain = drainage.result();
      DrainCost cost = readings.until(tiers, pids, drain);
      BesideLoad.Beside besides = users.map(load -> load.finish(start, end)).orElse(null);
      return new Drained(
          WorkloadKnobs.Mode.BACKLOG.label(),
          sent,
          drain,
          released,
          start,
          cost,
          drainage.crash(),
          besides);
    } finally {
      users.ifPresent(BesideLoad.Running::close);
    }
  }

  /** Fetcher intake holds the batch as HELD rows of the inbox; JMS intake pauses the queue. */
  private BacklogHold hold(KnobSet knobs, String tag) {
    return OrderSender.toInbox(knobs)
        ? InboxHold.hold(RunTiers.dataSource(tiers.endpoints()), tag)
        : IntakeHold.hold(tiers.endpoints(), OrderSender.INTAKE_QUEUE);
  }

  /**
   * In backlog mode an order waited, held, from its send to the release: its latency starts at the
   * release, when the middleware could first see it.
   */
  private static Map<String, Long> fromRelease(OrderSender.Sent sent, long releasedAt) {
    Map<String, Long> from = new LinkedHashMap<>();
    sent.sentAtMillis().forEach((id, at) -> from.put(id, Math.max(at, releasedAt)));
    return from;
  }

  private Drainage drain(
      KnobSet knobs,
      Progress.Position at,
      OrderSender.Sent sent,
      long since,
      Map<String, Long> latencyFrom,
      long startMillis,
      Path dir,
      boolean measured)
      throws InterruptedException {
    progress.phase(at, "drain (" + sent.count() + " orders sent)");
    DrainResult result;
    Optional<TierCrash> crashed = Optional.empty();
    try (FaultedOrders faulted =
        new FaultedOrders(RunTiers.dataSource(tiers.endpoints()), sent.plan().orderIdPrefix())) {
      LiveCompletions live =
          new LiveCompletions(
              new MocksCompletions(tiers.siebel(), since),
              progress,
              at,
              sent.plan().orders(),
              startMillis);
      Optional<CrashAt> crash =
          measured
              ? CrashAt.start(knobs, sent.count(), "orders", live::completed, tiers, progress, at)
              : Optional.empty();
      try {
        result =
            new DrainWatcher(
                    live,
                    crash
                        .<FaultSource>map(
                            c -> new OutageTolerantFaults(faulted, c::down, c::outage))
                        .orElse(faulted),
                    POLL,
                    BatchOrderWorkload.of(knobs).drainTimeout(),
                    tiers::middlewareDeath)
                .await(latencyFrom, sent.failedSends());
        if (crash.isPresent()) {
          crashed = crash.get().finish();
        }
      } finally {
        crash.ifPresent(CrashAt::close);
      }
    }
    if (result.complete() || result.endedBy().isPresent()) {
      return new Drainage(result, crashed);
    }
    dumpThreads(at, dir);
    // a stall has a cause worth naming when the broker stopped taking the stages' messages
    return new Drainage(
        tiers
            .brokerBlocking()
            .map(
                why ->
                    new DrainResult(false, result.accounting(), result.waited(), Optional.of(why)))
            .orElse(result),
        crashed);
  }

  /**
   * A stalled drain: what every middleware thread is doing, as the study's engineers looked, into
   * the drain's folder ({@value #THREAD_DUMP}) before anything else moves.
   */
  private void dumpThreads(Progress.Position at, Path dir) {
    Path file = dir.resolve(THREAD_DUMP);
    try {
      String states = ThreadDump.write(tiers.middlewarePid(), file);
      progress.phase(at, "the drain stalled: the middleware's " + states + " are in " + file);
    } catch (java.io.IOException | RuntimeException e) {
      progress.phase(at, "the drain stalled; the middleware's threads could not be dumped: " + e);
    }
  }

  private static long firstSend(Map<String, Long> sent) {
    return sent.values().stream()
        .mapToLong(Long::longValue)
        .min()
        .orElse(System.currentTimeMillis());
  }
}
