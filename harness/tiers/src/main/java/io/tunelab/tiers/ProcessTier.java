package io.tunelab.tiers;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The lifecycle every single-process tier shares (the broker, the mocks, the middleware): its
 * process, name, log and start time, and a stop that sends TERM, waits out the tier's grace and
 * then kills, once.
 */
public abstract class ProcessTier implements Tier {
  private final String name;
  private final TierProcess process;
  private final Duration startTime;
  private final Duration stopGrace;
  private final AtomicBoolean closed = new AtomicBoolean();

  /**
   * @param stopGrace how long the tier may take to stop cleanly before it is killed
   */
  protected ProcessTier(String name, TierProcess process, Duration startTime, Duration stopGrace) {
    this.name = name;
    this.process = process;
    this.startTime = startTime;
    this.stopGrace = stopGrace;
  }

  /** The tier's process. */
  protected TierProcess process() {
    return process;
  }

  /** Whether {@link #close} was called: a process that ended after it was stopped, not died. */
  protected boolean closed() {
    return closed.get();
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public List<ProcessHandle> processes() {
    return List.of(process.handle());
  }

  @Override
  public Duration startTime() {
    return startTime;
  }

  @Override
  public Path log() {
    return process.log();
  }

  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      process.stop(stopGrace);
    }
  }
}
