package io.tunelab.core.cost;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CPU integrated over a window, from {@link CpuSample}s: each sample is the mean rate over its own
 * interval, so a tier's CPU is the sum of rate x the part of each interval inside the window. A
 * sample that straddles the window's start counts for its part inside only; warm-up samples for
 * none. Uneven intervals (a late sample covers more time) weigh as long as they lasted, which a
 * mean of the samples would not.
 *
 * <p>Where no sample covers part of the window (a failed reading), the covered part's rate stands
 * for it: {@link #coveredPercent()} says how much was covered.
 */
public final class CpuWindow {
  private final int cores;
  private final long windowMillis;
  private final Sums sums;

  private CpuWindow(int cores, long windowMillis, List<CpuSample> samples, long from, long to) {
    this.cores = cores;
    this.windowMillis = windowMillis;
    this.sums = new Sums(cores);
    for (CpuSample sample : samples) {
      double overlap = sample.overlapMillis(from, to);
      if (overlap > 0) {
        sums.add(sample, overlap);
      }
    }
  }

  /** Core-milliseconds summed over the samples' parts inside the window. */
  private static final class Sums {
    private final int cores;
    private final Map<String, Double> tierCoreMillis = new LinkedHashMap<>();
    private double coveredMillis;
    // The machine's figures count only where the machine was read, so the stack's CPU is summed
    // there too: both sides of "outside the stack" then cover the same time.
    private double machineCoveredMillis;
    private double machineBusyCoreMillis;
    private double stackOnMachineCoreMillis;
    // Steal is known where busy is, except for samples taken without it (then it counts as 0 in
    // "outside the stack", as before steal was read, and is left out of its own mean).
    private double stealCoveredMillis;
    private double stealCoreMillis;

    Sums(int cores) {
      this.cores = cores;
    }

    void add(CpuSample sample, double overlap) {
      coveredMillis += overlap;
      double stack = 0;
      for (Map.Entry<String, Double> tier : sample.tierPercentOfOneCore().entrySet()) {
        tierCoreMillis.merge(tier.getKey(), tier.getValue() / 100 * overlap, Double::sum);
        stack += tier.getValue() / 100 * overlap;
      }
      if (Double.isNaN(sample.machineBusyPercent())) {
        return;
      }
      machineCoveredMillis += overlap;
      machineBusyCoreMillis += sample.machineBusyPercent() / 100 * cores * overlap;
      stackOnMachineCoreMillis += stack;
      if (!Double.isNaN(sample.machineStealPercent())) {
        stealCoveredMillis += overlap;
        stealCoreMillis += sample.machineStealPercent() / 100 * cores * overlap;
      }
    }
  }

  /**
   * The samples' CPU over {@code [fromMillis, toMillis]} (epoch milliseconds) on a machine of
   * {@code cores} logical CPUs.
   */
  public static CpuWindow of(List<CpuSample> samples, int cores, long fromMillis, long toMillis) {
    if (cores < 1 || toMillis < fromMillis) {
      throw new IllegalArgumentException(
          "a CPU window needs 1+ cores and from <= to, was "
              + cores
              + ", "
              + fromMillis
              + ".."
              + toMillis);
    }
    return new CpuWindow(cores, toMillis - fromMillis, samples, fromMillis, toMillis);
  }

  /** Logical CPUs of the machine. */
  public int cores() {
    return cores;
  }

  /** Length of the window, milliseconds. */
  public long windowMillis() {
    return windowMillis;
  }

  /** Share of the window that samples covered, %. */
  public double coveredPercent() {
    return windowMillis == 0 ? 0 : 100.0 * sums.coveredMillis / windowMillis;
  }

  /** Whether any sample covered part of the window. */
  public boolean covered() {
    return sums.coveredMillis > 0;
  }

  /** The tiers that used CPU in the window, in order of first appearance. */
  public Set<String> tiers() {
    return sums.tierCoreMillis.keySet();
  }

  /** CPU milliseconds the tier used over the whole window (all cores together). */
  public double cpuMillis(String tier) {
    return covered()
        ? sums.tierCoreMillis.getOrDefault(tier, 0.0) * windowMillis / sums.coveredMillis
        : 0;
  }

  /** The tier's mean CPU over the window, % of one core (0..100 x cores). */
  public double percentOfOneCore(String tier) {
    return covered() ? 100.0 * sums.tierCoreMillis.getOrDefault(tier, 0.0) / sums.coveredMillis : 0;
  }

  /** The tier's mean CPU over the window, % of the machine (all cores). */
  public double percentOfMachine(String tier) {
    return percentOfOneCore(tier) / cores;
  }

  /**
   * The machine's mean busy time over the window, % of all cores, steal included; NaN when never
   * read.
   */
  public double machineBusyPercent() {
    return machinePercent(sums.machineBusyCoreMillis);
  }

  /**
   * The mean time the hypervisor gave this VM's CPUs to other guests (steal) over the window, % of
   * all cores; NaN when never read.
   */
  public double machineStealPercent() {
    return sums.stealCoveredMillis > 0
        ? 100.0 * sums.stealCoreMillis / (sums.stealCoveredMillis * cores)
        : Double.NaN;
  }

  /** Every tier's CPU together (the controller included), % of the machine; NaN as above. */
  public double stackPercentOfMachine() {
    return machinePercent(sums.stackOnMachineCoreMillis);
  }

  /**
   * The machine's busy time that neither a tier nor the hypervisor (steal) used, % of the machine:
   * other processes and the kernel's work; NaN when the machine was never read. Clamped at 0 over
   * the whole window, not per sample: per sample, tick rounding would turn into phantom CPU outside
   * the stack.
   */
  public double outsidePercentOfMachine() {
    double outside =
        sums.machineBusyCoreMillis - sums.stealCoreMillis - sums.stackOnMachineCoreMillis;
    return sums.machineCoveredMillis > 0 ? Math.max(0, machinePercent(outside)) : Double.NaN;
  }

  /** Core-milliseconds summed where the machine was read, as a mean % of the machine. */
  private double machinePercent(double coreMillis) {
    return sums.machineCoveredMillis > 0
        ? 100.0 * coreMillis / (sums.machineCoveredMillis * cores)
        : Double.NaN;
  }
}
