package io.tunelab.run;

import io.tunelab.core.findings.TierCrash;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.KnobTier;
import io.tunelab.core.knobs.WorkloadKnobs;
import java.time.Duration;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * {@code workload.crash} in a measured load: a watcher of its own reads how many units are done
 * and, once {@code workload.crashAtPercent} of them are, kills the tier with SIGKILL and starts it
 * again on its data, while the run keeps counting. A reading the dead tier refuses is no progress.
 * While the tier is down, and for a grace after it is back (a connection opened before finds itself
 * dead once), {@link #outage} is true: what the run reads from the database may fail then and is
 * read again.
 */
public final class CrashAt implements AutoCloseable {
  private static final long GRACE_NANOS = Duration.ofSeconds(30).toNanos();
  private static final long POLL_MILLIS = 100;

  private final KnobTier tier;
  private final int threshold;
  private final int units;
  private final String unitName;
  private final LongSupplier done;
  private final RunTiers tiers;
  private final Progress progress;
  private final Progress.Position at;
  private final Thread watcher;
  private volatile boolean stopped;
  private volatile boolean started;
  private volatile TierCrash crashed;
  private volatile RuntimeException failure;
  private volatile long backAtNanos;

  private CrashAt(
      KnobTier tier,
      int threshold,
      int units,
      String unitName,
      LongSupplier done,
      RunTiers tiers,
      Progress progress,
      Progress.Position at) {
    this.tier = tier;
    this.threshold = threshold;
    this.units = units;
    this.unitName = unitName;
    this.done = done;
    this.tiers = tiers;
    this.progress = progress;
    this.at = at;
    this.watcher = new Thread(this::watch, "tunelab-crash-" + tier.label());
    watcher.setDaemon(true);
  }

  /**
   * Starts watching for the crash {@code knobs} ask of a load of {@code units}; empty when they ask
   * none.
   *
   * @param unitName what a unit is, for the progress lines: orders, messages
   * @param done units done so far; read from the watcher's thread
   */
  public static Optional<CrashAt> start(
      KnobSet knobs,
      int units,
      String unitName,
      LongSupplier done,
      RunTiers tiers,
      Progress progress,
      Progress.Position at) {
    Optional<CrashAt> crash =
        knobs
            .get(WorkloadKnobs.CRASH)
            .tier()
            .map(
                tier ->
                    new CrashAt(
                        tier,
                        threshold(units, knobs.get(WorkloadKnobs.CRASH_AT_PERCENT)),
                        units,
                        unitName,
                        done,
                        tiers,
                        progress,
                        at));
    crash.ifPresent(c -> c.watcher.start());
    return crash;
  }

  /** The units done at which a load of {@code units} crashes: at least one. */
  static int threshold(int units, int percent) {
    return Math.max(1, (int) Math.ceil(units * percent / 100.0));
  }

  /** Whether the tier is down or came back less than the grace ago. */
  public boolean outage() {
    return started && (watcher.isAlive() || System.nanoTime() - backAtNanos < GRACE_NANOS);
  }

  /** Whether the tier is down right now, killed and not yet started again. */
  public boolean down() {
    return started && watcher.isAlive();
  }

  /**
   * Stops watching and waits for a crash under way to be over.
   *
   * @return the crash; empty when the load ended before it was due
   * @throws RuntimeException what kept the tier from coming back
   */
  public Optional<TierCrash> finish() throws InterruptedException {
    stopped = true;
    watcher.join();
    if (failure != null) {
      throw failure;
    }
    return Optional.ofNullable(crashed);
  }

  /** Stops watching, for a load that failed; a crash under way still ends. */
  @Override
  public void close() {
    stopped = true;
  }

  private void watch() {
    while (!stopped) {
      long now;
      try {
        now = done.getAsLong();
      } catch (RuntimeException e) {
        now = -1;
      }
      if (now >= threshold) {
        crash(now);
        return;
      }
      try {
        Thread.sleep(POLL_MILLIS);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private void crash(long completed) {
    started = true;
    progress.phase(
        at,
        "workload.crash: killing the "
            + tier.label()
            + " tier (SIGKILL) at "
            + completed
            + " of "
            + units
            + " "
            + unitName
            + " done");
    try {
      Duration down =
          tiers
              .crash(tier)
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "this stack cannot kill its " + tier.label() + " tier"));
      crashed = new TierCrash(tier.label(), (int) completed, units, unitName, down.toMillis());
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
