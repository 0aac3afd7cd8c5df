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
  private final double coveredMillis;
  private final double machineCoveredMillis;
  private final double machineBusyCoreMillis;
  private final double stackOnMachineCoreMillis;
  private final Map<String, Double> tierCoreMillis;

  private CpuWindow(int cores, long windowMillis, List<CpuSample> samples, long from, long to) {
    this.cores = cores;
    this.windowMillis = windowMillis;
    double covered = 0;
    double machineCovered = 0;
    double busy = 0;
    double stackOnMachine = 0;
    Map<String, Double> tiers = new LinkedHashMap<>();
    for (CpuSample sample : samples) {
      double overlap = sample.overlapMillis(from, to);
      if (overlap <= 0) {
        continue;
      }
      covered += overlap;
      double stack = 0;
      for (Map.Entry<String, Double> tier : sample.tierPercentOfOneCore().entrySet()) {
        tiers.merge(tier.getKey(), tier.getValue() / 100 * overlap, Double::sum);
        stack += tier.getValue() / 100 * overlap;
      }
      if (!Double.isNaN(sample.machineBusyPercent())) {
        machineCovered += overlap;
        busy += sample.machineBusyPercent() / 100 * cores * overlap;
        stackOnMachine += stack;
      }
    }
    this.coveredMillis = covered;
    this.machineCoveredMillis = machineCovered;
    this.machineBusyCoreMillis = busy;
    this.stackOnMachineCoreMillis = stackOnMachine;
    this.tierCoreMillis = tiers;
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
    return windowMillis == 0 ? 0 : 100.0 * coveredMillis / windowMillis;
  }

  /** Whether any sample covered part of the window. */
  public boolean covered() {
    return coveredMillis > 0;
  }

  /** The tiers that used CPU in the window, in order of first appearance. */
  public Set<String> tiers() {
    return tierCoreMillis.keySet();
  }

  /** CPU milliseconds the tier used over the whole window (all cores together). */
  public double cpuMillis(String tier) {
    return covered() ? tierCoreMillis.getOrDefault(tier, 0.0) * windowMillis / coveredMillis : 0;
  }

  /** The tier's mean CPU over the window, % of one core (0..100 x cores). */
  public double percentOfOneCore(String tier) {
    return covered() ? 100.0 * tierCoreMillis.getOrDefault(tier, 0.0) / coveredMillis : 0;
  }

  /** The tier's mean CPU over the window, % of the machine (all cores). */
  public double percentOfMachine(String tier) {
    return percentOfOneCore(tier) / cores;
  }

  /** The machine's mean busy time over the window, % of all cores; NaN when never read. */
  public double machineBusyPercent() {
    return machineCoveredMillis > 0
        ? 100.0 * machineBusyCoreMillis / (machineCoveredMillis * cores)
        : Double.NaN;
  }

  /** Every tier's CPU together (the controller included), % of the machine; NaN as above. */
  public double stackPercentOfMachine() {
    return machineCoveredMillis > 0
        ? 100.0 * stackOnMachineCoreMillis / (machineCoveredMillis * cores)
        : Double.NaN;
  }

  /**
   * The machine's busy time that no tier used, % of the machine; NaN when the machine was never
   * read. Clamped at 0 over the whole window, not per sample: per sample, tick rounding would turn
   * into phantom CPU outside the stack.
   */
  public double outsidePercentOfMachine() {
    return machineCoveredMillis > 0
        ? Math.max(0, machineBusyPercent() - stackPercentOfMachine())
        : Double.NaN;
  }
}
