package io.tunelab.run;

import io.tunelab.core.findings.Finding;
import io.tunelab.core.findings.FindingKind;
import io.tunelab.core.results.ObserverStats;
import io.tunelab.run.metrics.LiveRun;
import io.tunelab.run.observe.Observations;
import io.tunelab.run.observe.RunObserver;
import io.tunelab.run.observe.RunnerFigures;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link Sampler} of every run: a {@link RunObserver} per repetition, writing its files ({@code
 * series.csv}, {@code ash.csv}, {@code db-snapshot.json}, {@code gc.json}, {@code findings.json},
 * {@code observations.json}) into the repetition's folder, its warm-up samples tagged {@code
 * warmup}. An observer that cannot start or write costs the run its observations, never the run.
 */
public final class ObserverSampler implements Sampler {
  private static final Logger LOG = LoggerFactory.getLogger(ObserverSampler.class);

  private final Optional<LiveRun> live;

  /** An observer per repetition, its series read after the repetition only. */
  public ObserverSampler() {
    this.live = Optional.empty();
  }

  /** As {@link #ObserverSampler()}, telling {@code live} what each observer reads meanwhile. */
  public ObserverSampler(LiveRun live) {
    this.live = Optional.of(live);
  }

  @Override
  public Sampling start(Window window) {
    RunObserver observer;
    try {
      observer = RunObserver.start(window.observe());
    } catch (RuntimeException e) {
      LOG.warn("{} rep {}: the observer did not start: {}", window.step(), window.repetition(), e);
      return () -> {};
    }
    live.ifPresent(
        l ->
            l.observing(
                window.step(), window.repetition(), observer::latest, window.middlewareMetrics()));
    return new Observing(observer, window.step() + " rep " + window.repetition(), live);
  }

  private static final class Observing implements Sampling {
    /** Findings that say this repetition's numbers are not the system's alone: logged too. */
    private static final Set<FindingKind> WARNINGS =
        EnumSet.of(FindingKind.NOISY_MACHINE, FindingKind.HARNESS_HEAVY);

    private final RunObserver observer;
    private final String name;
    private final Optional<LiveRun> live;

    Observing(RunObserver observer, String name, Optional<LiveRun> live) {
      this.observer = observer;
      this.name = name;
      this.live = live;
    }

    @Override
    public void markMeasured() {
      observer.markMeasured();
      live.ifPresent(LiveRun::measuring);
    }

    @Override
    public Optional<Observed> finish(RunnerFigures figures) {
      live.ifPresent(LiveRun::between);
      try {
        Observations seen = observer.stop(figures);
        List<Finding> findings = seen.findings();
        findings.stream()
            .filter(f -> WARNINGS.contains(f.kind()))
            .forEach(f -> LOG.warn("{}: {}", name, f.message()));
        return Optional.of(
            new Observed(
                findings,
                new ObserverStats(seen.samples(), seen.samplerCpuPercentOfOneCore(), seen.errors()),
                seen.harnessCost(),
                seen.recordWorkCost(figures.completed()),
                seen.machineNoise(),
                seen.profile()));
      } catch (RuntimeException e) {
        LOG.warn("the observer could not write its files: {}", e.toString());
        observer.close();
        return Optional.empty();
      }
    }

    @Override
    public void close() {
      live.ifPresent(LiveRun::between);
      observer.close();
    }
  }
}
