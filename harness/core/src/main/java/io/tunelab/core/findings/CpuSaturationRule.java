package io.tunelab.core.findings;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The machine's CPU nearly all used: every tier shares the same cores, so the tier using the most
 * of them is the first to look at (or the load must move to another host).
 *
 * <p>Qualifies when the machine's mean busy time over the measured window is at least {@value
 * #MIN_BUSY_PERCENT}% of all cores, over at least {@value #MIN_SAMPLES} samples. The finding names
 * the tier with the highest mean CPU and its share of the machine; or, when processes outside the
 * stack (the machine's busy time minus every tier's) use more than any tier, it names the machine:
 * the run was disturbed.
 */
final class CpuSaturationRule implements FindingRule {
  static final double MIN_BUSY_PERCENT = 85;
  static final int MIN_SAMPLES = 5;

  @Override
  public List<Finding> apply(RunData data) {
    CpuData cpu = data.cpu();
    if (cpu.machineBusyPercent().size() < MIN_SAMPLES) {
      return List.of();
    }
    double busy = Trend.mean(cpu.machineBusyPercent());
    if (busy < MIN_BUSY_PERCENT) {
      return List.of();
    }
    String top = "none";
    double topPercent = 0;
    List<String> evidence = new ArrayList<>();
    evidence.add(
        String.format(
            "series cpu.machine: mean %.0f%% of %d cores over %d samples",
            busy, cpu.machineCores(), cpu.machineBusyPercent().size()));
    for (Map.Entry<String, List<Point>> tier : cpu.tierPercentOfOneCore().entrySet()) {
      double mean = Trend.mean(tier.getValue());
      evidence.add(
          String.format("series cpu.tier %s: mean %.0f%% of one core", tier.getKey(), mean));
      if (mean > topPercent) {
        top = tier.getKey();
        topPercent = mean;
      }
    }
    double tiersPercent =
        cpu.tierPercentOfOneCore().values().stream().mapToDouble(Trend::mean).sum();
    double othersPercent = Math.max(0, busy * cpu.machineCores() - tiersPercent);
    evidence.add(String.format("outside the stack: %.0f%% of one core", othersPercent));
    if (othersPercent > topPercent) {
      String message =
          String.format(
              "the machine's CPU is %.0f%% busy (%d cores) and processes outside the stack use"
                  + " %.0f%% of one core, more than any tier (%s: %.0f%%): they disturb this run;"
                  + " repeat it on a quiet machine",
              busy, cpu.machineCores(), othersPercent, top, topPercent);
      return List.of(new Finding(FindingKind.CPU_SATURATED, "machine", message, evidence));
    }
    double share = topPercent / cpu.machineCores();
    String message =
        String.format(
            "the machine's CPU is %.0f%% busy (%d cores); %s uses the most, %.0f%% of one core"
                + " (%.0f%% of the machine): it is the limit, or the tiers need more cores",
            busy, cpu.machineCores(), top, topPercent, share);
    return List.of(new Finding(FindingKind.CPU_SATURATED, top, message, evidence));
  }
}
