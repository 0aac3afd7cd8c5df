package io.tunelab.run.observe;

import io.tunelab.core.cost.HarnessCost;
import io.tunelab.core.cost.MachineNoise;
import io.tunelab.core.cost.WorkCost;
import io.tunelab.core.findings.Finding;
import io.tunelab.core.findings.Point;
import io.tunelab.core.findings.RunData;
import io.tunelab.core.measure.JfrProfile;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a {@link RunObserver} saw in one run: the window, the files it wrote, the data the findings
 * rules read, the findings, and every recorded series.
 */
public final class Observations {
  private final Path dir;
  private final long startMillis;
  private final long measuredFromMillis;
  private final long endMillis;
  private final int samples;
  private final double samplerCpuPercentOfOneCore;
  private final Map<String, String> errors;
  private final RunData data;
  private final List<Finding> findings;
  private final List<Path> files;
  private final SeriesStore store;
  private final WindowCosts costs;
  private final Optional<JfrProfile> profile;

  Observations(
      Path dir,
      long startMillis,
      long measuredFromMillis,
      long endMillis,
      int samples,
      double samplerCpuPercentOfOneCore,
      Map<String, String> errors,
      RunData data,
      List<Finding> findings,
      List<Path> files,
      SeriesStore store,
      WindowCosts costs,
      Optional<JfrProfile> profile) {
    this.dir = dir;
    this.startMillis = startMillis;
    this.measuredFromMillis = measuredFromMillis;
    this.endMillis = endMillis;
    this.samples = samples;
    this.samplerCpuPercentOfOneCore = samplerCpuPercentOfOneCore;
    this.errors = Map.copyOf(errors);
    this.data = data;
    this.findings = List.copyOf(findings);
    this.files = List.copyOf(files);
    this.store = store;
    this.costs = costs;
    this.profile = profile;
  }

  /** These observations with the middleware's recording of the window, written as {@code file}. */
  Observations withProfile(JfrProfile value, Path file) {
    List<Path> more = new java.util.ArrayList<>(files);
    more.add(file);
    return new Observations(
        dir,
        startMillis,
        measuredFromMillis,
        endMillis,
        samples,
        samplerCpuPercentOfOneCore,
        errors,
        data,
        findings,
        more,
        store,
        costs,
        Optional.of(value));
  }

  /**
   * What the JDK Flight Recorder saw of the middleware in the window ({@code middleware.jvm.jfr});
   * empty when it was not recorded or the recording failed (then {@link #errors} says why).
   */
  public Optional<JfrProfile> profile() {
    return profile;
  }

  /** The folder the files are in. */
  public Path dir() {
    return dir;
  }

  /** Epoch milliseconds when sampling started. */
  public long startMillis() {
    return startMillis;
  }

  /** Epoch milliseconds when the measured window started (the start when there was no warm-up). */
  public long measuredFromMillis() {
    return measuredFromMillis;
  }

  /** Epoch milliseconds when sampling stopped. */
  public long endMillis() {
    return endMillis;
  }

  /** Samples taken. */
  public int samples() {
    return samples;
  }

  /** CPU the sampling thread used, in % of one core over the whole run. */
  public double samplerCpuPercentOfOneCore() {
    return samplerCpuPercentOfOneCore;
  }

  /** Sources that failed at least once: source to a summary of its failures. */
  public Map<String, String> errors() {
    return errors;
  }

  /** The measured window's data, as the findings rules read it. */
  public RunData data() {
    return data;
  }

  /** The findings of {@link #data()}, also in {@code findings.json}. */
  public List<Finding> findings() {
    return findings;
  }

  /** What the harness cost the machine in the measured window; empty when no CPU was read in it. */
  public Optional<HarnessCost> harnessCost() {
    return costs.harness();
  }

  /** CPU outside the stack in the measured window; empty when the machine was not read in it. */
  public Optional<MachineNoise> machineNoise() {
    return costs.noise();
  }

  /**
   * The system under test's cost per unit of work in the measured window, knowing the units it
   * completed there (which only the runner counts); empty when none completed or no CPU was read.
   */
  public Optional<WorkCost> workCost(long completedUnits) {
    return costs.work().flatMap(work -> work.perUnit(completedUnits));
  }

  /**
   * As {@link #workCost}, and adds it to {@code observations.json}.
   *
   * @throws java.io.UncheckedIOException when the file cannot be rewritten
   */
  public Optional<WorkCost> recordWorkCost(long completedUnits) {
    Optional<WorkCost> cost = workCost(completedUnits);
    cost.ifPresent(c -> ObservationWriter.writeWorkCost(dir, c));
    return cost;
  }

  /** The files written, in the order written. */
  public List<Path> files() {
    return files;
  }

  /** Every point of one series and label (see {@code results/README.md}), oldest first. */
  public List<Point> series(String series, String label) {
    return store.points(series, label);
  }
}
