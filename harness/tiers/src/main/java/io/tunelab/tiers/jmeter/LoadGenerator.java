package io.tunelab.tiers.jmeter;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The load tier as the run loop sees it: runs a {@link LoadPlan} to its end and leaves its samples
 * in a JTL. {@link LocalJmeter} runs the plan in one JVM on this host. JMeter's distributed mode
 * fits the same seam: its controller runs the plan with remote engines ({@code -R}) and writes the
 * samples they send back into the one JTL, so the steps that read the JTL need not change.
 */
public interface LoadGenerator {
  /**
   * Runs {@code plan} and waits for its end.
   *
   * @param dir the run's folder: {@code results.jtl}, the load tier's and JMeter's logs
   * @param timeout the longest the run may take; the load tier is stopped after it
   * @param dashboard whether JMeter's HTML dashboard is generated beside the JTL
   * @throws io.tunelab.core.BadInputException when the load tier refuses the plan or a property
   * @throws IllegalStateException when the run does not end within {@code timeout}
   */
  LoadRun run(LoadPlan plan, Path dir, Duration timeout, boolean dashboard);

  /**
   * Starts {@code plan} and returns at once: for a load that runs beside another for as long as
   * that one lasts, stopped by {@link RunningLoad#stop}. Close what it returns.
   *
   * @param timeout the longest the run may take; the load tier is stopped after it
   * @throws UnsupportedOperationException when this generator cannot stop a run it started (the
   *     engines of JMeter's distributed mode run theirs to its end)
   */
  default RunningLoad start(LoadPlan plan, Path dir, Duration timeout) {
    throw new UnsupportedOperationException(
        getClass().getSimpleName() + " runs a plan to its end only; start it on this host");
  }

  /** {@link #run(LoadPlan, Path, Duration, boolean)} without a dashboard. */
  default LoadRun run(LoadPlan plan, Path dir, Duration timeout) {
    return run(plan, dir, timeout, false);
  }
}
