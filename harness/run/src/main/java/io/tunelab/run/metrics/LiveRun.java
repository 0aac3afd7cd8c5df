package io.tunelab.run.metrics;

import io.tunelab.run.observe.SeriesValue;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Where a run is now, for whoever scrapes it while it runs: the step and repetition being measured,
 * whether its measured window has begun, and what its observer's series last read. The run's
 * sampler tells it; a scrape reads it from another thread.
 */
public final class LiveRun {
  /**
   * @param step empty before the first repetition
   * @param repetition 1-based; 0 before the first
   * @param measuring in the measured window (not the warm-up or the drain after it)
   * @param series the observer's newest values; empty between repetitions
   * @param middlewareMetrics where the observed middleware serves its own meters; empty between
   *     repetitions
   */
  public record Now(
      Optional<String> step,
      int repetition,
      boolean measuring,
      Supplier<List<SeriesValue>> series,
      Optional<URI> middlewareMetrics) {}

  private static final Supplier<List<SeriesValue>> NONE = List::of;

  private volatile String experiment;
  private volatile Now now = new Now(Optional.empty(), 0, false, NONE, Optional.empty());

  public LiveRun(String experiment) {
    this.experiment = experiment;
  }

  public String experiment() {
    return experiment;
  }

  /** The next experiment of a suite starts: its name labels what is served from now on. */
  public void experiment(String name) {
    experiment = name;
    now = new Now(Optional.empty(), 0, false, NONE, Optional.empty());
  }

  public Now now() {
    return now;
  }

  /** A repetition's observer started: its warm-up first. */
  public void observing(
      String step,
      int repetition,
      Supplier<List<SeriesValue>> series,
      Optional<URI> middlewareMetrics) {
    now = new Now(Optional.of(step), repetition, false, series, middlewareMetrics);
  }

  /** The repetition's measured window began. */
  public void measuring() {
    Now was = now;
    now = new Now(was.step(), was.repetition(), true, was.series(), was.middlewareMetrics());
  }

  /** The repetition's observer stopped: nothing is sampled until the next one starts. */
  public void between() {
    Now was = now;
    now = new Now(was.step(), was.repetition(), false, NONE, Optional.empty());
  }
}
