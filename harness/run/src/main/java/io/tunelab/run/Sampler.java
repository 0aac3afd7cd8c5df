package io.tunelab.run;

import io.tunelab.core.cost.HarnessCost;
import io.tunelab.core.cost.MachineNoise;
import io.tunelab.core.cost.WorkCost;
import io.tunelab.core.findings.Finding;
import io.tunelab.core.measure.JfrProfile;
import io.tunelab.core.results.ObserverStats;
import io.tunelab.core.results.Repetition;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.run.observe.ObserverConfig;
import io.tunelab.run.observe.RunnerFigures;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Samples the tiers during a repetition (CPU per tier, queue depths, GC, database snapshots):
 * started before its warm-up batch, told when the measured batch starts ({@link
 * Sampling#markMeasured}), stopped when that batch drained. The runner calls one sampler; combine
 * several in one.
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
    /** Ends the warm-up: what is sampled from now on is the measured window. */
    default void markMeasured() {}

    /**
     * Stops sampling and returns what it concluded, knowing the repetition's completed orders (or
     * answered requests: the units its work cost is counted in) and their mean end-to-end latency
     * in milliseconds (which only the runner measures).
     *
     * @return empty when this sampler draws no conclusions
     */
    default Optional<Observed> finish(long completedOrders, double endToEndMeanMillis) {
      return finish(RunnerFigures.of(completedOrders, endToEndMeanMillis));
    }

    /**
     * As {@link #finish(long, double)}, with every figure the runner measured: also what the plan
     * measured for the findings (a deadline's misses, a tier killed on purpose, users beside).
     *
     * @return empty when this sampler draws no conclusions
     */
    default Optional<Observed> finish(RunnerFigures figures) {
      close();
      return Optional.empty();
    }

    /** Stops sampling; idempotent, also after {@link #finish}. */
    @Override
    void close();
  }

  /**
   * What a sampling concluded.
   *
   * @param findings the measured window's findings
   * @param stats what sampling cost
   * @param harness what the load generator, the mocks and the controller cost the machine in the
   *     measured window; empty when its CPU was not read
   * @param work what the system under test spent per completed unit (the units given to {@link
   *     Sampling#finish}); empty when none completed or its CPU was not read
   * @param noise CPU outside the stack in the measured window, and the machine's load around it;
   *     empty when the machine was not read
   * @param profile the middleware's JDK Flight Recorder recording of the window, summed up; empty
   *     when it was not recorded
   */
  record Observed(
      List<Finding> findings,
      ObserverStats stats,
      Optional<HarnessCost> harness,
      Optional<WorkCost> work,
      Optional<MachineNoise> noise,
      Optional<JfrProfile> profile) {
    public Observed {
      findings = List.copyOf(findings);
      Objects.requireNonNull(harness, "harness");
      Objects.requireNonNull(work, "work");
      Objects.requireNonNull(noise, "noise");
      Objects.requireNonNull(profile, "profile");
    }

    /** Findings and stats only, no costs. */
    public Observed(List<Finding> findings, ObserverStats stats) {
      this(findings, stats, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    /**
     * The repetition with these findings, the observer's cost, the window's costs and its
     * recording.
     */
    public Repetition applyTo(Repetition repetition) {
      return repetition
          .withObservation(findings, stats)
          .withCosts(harness.orElse(null), work.orElse(null), noise.orElse(null))
          .withProfile(profile.orElse(null));
    }
  }

  /**
   * The repetition about to start.
   *
   * @param step the step's name
   * @param repetition 1-based
   * @param dir the repetition's raw-data folder
   * @param endpoints the stack's endpoints
   * @param middlewarePid the middleware JVM's pid
   * @param tierPids pid of each tier process by tier name (db, broker, mocks, middleware)
   * @param observe what an observer watches: the tiers' processes, endpoints, the middleware's
   *     status and collections, writing into {@code dir}
   * @param middlewareMetrics where the middleware serves its own meters (when {@code
   *     middleware.metrics} is on; a 404 otherwise)
   */
  record Window(
      String step,
      int repetition,
      Path dir,
      Endpoints endpoints,
      long middlewarePid,
      Map<String, Long> tierPids,
      ObserverConfig observe,
      Optional<URI> middlewareMetrics) {

    /** A window whose observer watches the tier processes by pid and the endpoints only. */
    public Window(
        String step,
        int repetition,
        Path dir,
        Endpoints endpoints,
        long middlewarePid,
        Map<String, Long> tierPids) {
      this(
          step,
          repetition,
          dir,
          endpoints,
          middlewarePid,
          tierPids,
          ObserverConfig.of(dir, byPid(tierPids), endpoints),
          Optional.empty());
    }

    private static Map<String, Supplier<List<ProcessHandle>>> byPid(Map<String, Long> pids) {
      Map<String, Supplier<List<ProcessHandle>>> tiers = new LinkedHashMap<>();
      pids.forEach((tier, pid) -> tiers.put(tier, () -> ProcessHandle.of(pid).stream().toList()));
      return tiers;
    }
  }
}
