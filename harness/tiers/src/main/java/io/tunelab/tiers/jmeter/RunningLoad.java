package io.tunelab.tiers.jmeter;

import io.tunelab.core.BadInputException;
import io.tunelab.core.results.RunLayout;
import io.tunelab.tiers.TierProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A load run under way ({@link LoadGenerator#start}): it ends at its plan's end, or soon after
 * {@link #stop}, each JMeter thread after the sample it is in. Closing it kills a run that has not
 * ended, so no load JVM outlives the code that started it.
 */
public final class RunningLoad implements AutoCloseable {
  /** The file in the run's folder whose appearance stops the load tier's run. */
  static final String STOP_FILE = "stop";

  private static final Duration STOP_GRACE = Duration.ofSeconds(5);

  private final TierProcess process;
  private final Path work;
  private final Path stopFile;
  private final Duration timeout;
  private final long startedNanos;

  RunningLoad(TierProcess process, Path work, Path stopFile, Duration timeout, long startedNanos) {
    this.process = process;
    this.work = work;
    this.stopFile = stopFile;
    this.timeout = timeout;
    this.startedNanos = startedNanos;
  }

  /** Asks the run to end: every thread stops after its current sample; returns at once. */
  public void stop() {
    try {
      Files.createDirectories(work);
      // the signal is the file's appearance: empty, and a second stop finds it there
      Files.createFile(stopFile);
    } catch (java.nio.file.FileAlreadyExistsException e) {
      // asked before
    } catch (IOException e) {
      throw new UncheckedIOException("cannot ask the load run to stop: " + stopFile, e);
    }
  }

  /** Whether the load JVM still runs. */
  public boolean running() {
    return process.isAlive();
  }

  /**
   * Waits for the run's end, at most until its timeout from its start.
   *
   * @throws BadInputException when the load tier refused the plan or a property
   * @throws IllegalStateException when the run did not end in time (it is stopped) or the wait was
   *     interrupted
   */
  public LoadRun await() {
    Duration left = timeout.minusNanos(System.nanoTime() - startedNanos);
    Path log = work.resolve(RunLayout.LOAD_LOG);
    try {
      if (left.isNegative() || !process.waitFor(left)) {
        throw LocalJmeter.timedOut(timeout, log);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the load ran; stopped it", e);
    } finally {
      process.stop(STOP_GRACE); // a no-op once it ended; the whole tree otherwise
    }
    int exit = process.exitValue();
    if (exit == 2) {
      throw new BadInputException(LocalJmeter.loadSays(log) + " (log: " + log + ")");
    }
    return new LoadRun(
        exit,
        work.resolve(RunLayout.JTL),
        log,
        work.resolve("jmeter.log"),
        Duration.ofNanos(System.nanoTime() - startedNanos));
  }

  /** Kills the run if it still runs. */
  @Override
  public void close() {
    process.stop(STOP_GRACE);
  }
}
