package io.tunelab.tiers.run;

import io.tunelab.core.stack.Endpoints;
import java.nio.file.Path;

/**
 * Samples the tiers during the measured window of a repetition (CPU per tier, queue depths, GC,
 * database snapshots): started right before the measured batch is sent, stopped when it drained.
 * Never runs during warm-up. The runner calls one sampler; combine several in one.
 */
public interface Sampler {
  /** Samples nothing. */
  Sampler NONE = window -> () -> {};

  /**
   * Starts sampling; the returned handle stops it and writes what was sampled into {@code
   * window.dir()}.
   */
  Sampling start(Window window);

  /** A running sampling; {@link #close()} stops it. */
  interface Sampling extends AutoCloseable {
    @Override
    void close();
  }

  /**
   * The measured window about to start.
   *
   * @param step the step's name
   * @param repetition 1-based
   * @param dir the repetition's raw-data folder
   * @param endpoints the stack's endpoints
   * @param middlewarePid the middleware JVM's pid
   * @param tierPids pid of each tier process by tier name (db, broker, mocks, middleware)
   */
  record Window(
      String step,
      int repetition,
      Path dir,
      Endpoints endpoints,
      long middlewarePid,
      java.util.Map<String, Long> tierPids) {}
}
