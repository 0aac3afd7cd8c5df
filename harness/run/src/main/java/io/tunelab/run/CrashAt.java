package io.tunelab.run;

import io.tunelab.core.findings.TierCrash;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.KnobTier;
import io.tunelab.core.knobs.WorkloadKnobs;
import io.tunelab.run.drain.CompletionSource;
import io.tunelab.run.drain.FaultSource;
import io.tunelab.tiers.mocks.MockEvents;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code workload.crash} in a measured batch: once {@code workload.crashAtPercent} of its orders
 * completed, kills the tier with SIGKILL and starts it again on its data, on a thread of its own so
 * that the drain keeps counting completions meanwhile. While the database is down, and for a grace
 * after it is back (the faulted orders' query finds its connection dead once), the faulted orders
 * are those read before it went.
 */
final class CrashAt implements CompletionSource, FaultSource {
  private static final long GRACE_NANOS = Duration.ofSeconds(30).toNanos();

  private final LiveCompletions completions;
  private final FaultSource faults;
  private final KnobTier tier;
  private final int threshold;
  private final int orders;
  private final RunTiers tiers;
  private final Progress progress;
  private final Progress.Position at;
  private Thread thread;
  private volatile TierCrash crashed;
  private volatile RuntimeException failure;
  private volatile long backAtNanos;
  private Map<String, String> lastFaulted = Map.of();

  private CrashAt(
      LiveCompletions completions,
      FaultSource faults,
      KnobTier tier,
      int threshold,
      int orders,
      RunTiers tiers,
      Progress progress,
      Progress.Position at) {
    this.completions = completions;
    this.faults = faults;
    this.tier = tier;
    this.threshold = threshold;
    this.orders = orders;
    this.tiers = tiers;
    this.progress = progress;
    this.at = at;
  }

  /** The crash {@code knobs} ask of a batch of {@code orders}; empty when they ask none. */
  static Optional<CrashAt> of(
      KnobSet knobs,
      int orders,
      LiveCompletions completions,
      FaultSource faults,
      RunTiers tiers,
      Progress progress,
      Progress.Position at) {
    return knobs
        .get(WorkloadKnobs.CRASH)
        .tier()
        .map(
            tier ->
                new CrashAt(
                    completions,
                    faults,
                    tier,
                    threshold(orders, knobs.get(WorkloadKnobs.CRASH_AT_PERCENT)),
                    orders,
                    tiers,
                    progress,
                    at));
  }

  /** The completions at which a batch of {@code orders} crashes: at least one. */
  static int threshold(int orders, int percent) {
    return Math.max(1, (int) Math.ceil(orders * percent / 100.0));
  }

  @Override
  public List<MockEvents.Event> poll() {
    List<MockEvents.Event> events = completions.poll();
    if (thread == null && completions.completed() >= threshold) {
      thread = new Thread(this::crash, "tunelab-crash-" + tier.label());
      thread.setDaemon(true);
      thread.start();
    }
    return events;
  }

  @Override
  public Map<String, String> faulted() {
    if (thread != null && thread.isAlive()) {
      return lastFaulted;
    }
    try {
      lastFaulted = faults.faulted();
    } catch (IllegalStateException e) {
      if (thread == null || System.nanoTime() - backAtNanos > GRACE_NANOS) {
        throw e;
      }
    }
    return lastFaulted;
  }

  /**
   * Waits for the crash to be over.
   *
   * @return the crash; empty when the batch ended before it was due
   * @throws RuntimeException what kept the tier from coming back
   */
  Optional<TierCrash> finish() throws InterruptedException {
    if (thread == null) {
      return Optional.empty();
    }
    thread.join();
    if (failure != null) {
      throw failure;
    }
    return Optional.of(crashed);
  }

  private void crash() {
    int completed = completions.completed();
    progress.phase(
        at,
        "workload.crash: killing the "
            + tier.label()
            + " tier (SIGKILL) at "
            + completed
            + " of "
            + orders
            + " orders completed");
    try {
      Duration down =
          tiers
              .crash(tier)
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "this stack cannot kill its " + tier.label() + " tier"));
      crashed = new TierCrash(tier.label(), completed, orders, down.toMillis());
      progress.phase(
          at,
          "workload.crash: the "
              + tier.label()
              + " tier answers again on its data after "
              + down.toMillis()
              + " ms");
    } catch (RuntimeException e) {
      failure = e;
    } finally {
      backAtNanos = System.nanoTime();
    }
  }
}
