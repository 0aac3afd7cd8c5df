package io.tunelab.core.findings;

import io.tunelab.core.cost.MachineNoise;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The machine's CPU nearly all used: every tier shares the same cores, so the tier using the most
 * of them is the first to look at (or the load must move to another host).
 *
 * <p>Qualifies when the machine's mean busy time over the measured window is at least {@value
 * #MIN_BUSY_PERCENT}% of all cores, over at least {@value #MIN_SAMPLES} samples. The finding names
 * the tier with the highest mean CPU and its share of the machine; or, when what the stack did not
 * use of the busy time uses more than any tier, it names the machine: the run was disturbed. That
 * part is split in two: steal (the hypervisor gave this VM's CPUs to other guests: counted as busy,
 * yet no process here ran) and processes outside the stack (the rest); the message leads with the
 * larger, as the two call for different remedies.
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
    List<String> evidence = new ArrayList<>();
    evidence.add(
        String.format(
            "series cpu.machine: mean %.0f%% of %d cores over %d samples",
            busy, cpu.machineCores(), cpu.machineBusyPercent().size()));
    Top top = Top.of(cpu, evidence);
    Elsewhere elsewhere = Elsewhere.of(data, busy, evidence);
    if (elsewhere.total() > top.percent()) {
      String message =
          String.format(
              "the machine's CPU is %.0f%% busy (%d cores) and %s: they disturb this run; %s",
              busy, cpu.machineCores(), elsewhere.describe(top), elsewhere.advice());
      return List.of(new Finding(FindingKind.CPU_SATURATED, "machine", message, evidence));
    }
    double share = top.percent() / cpu.machineCores();
    String message =
        String.format(
            "the machine's CPU is %.0f%% busy (%d cores); %s uses the most, %.0f%% of one core"
                + " (%.0f%% of the machine): it is the limit, or the tiers need more cores",
            busy, cpu.machineCores(), top.tier(), top.percent(), share);
    return List.of(new Finding(FindingKind.CPU_SATURATED, top.tier(), message, evidence));
  }

  /** The tier with the highest mean CPU, % of one core; {@code none} at 0 when no tier used any. */
  private record Top(String tier, double percent) {
    static Top of(CpuData cpu, List<String> evidence) {
      Top top = new Top("none", 0);
      for (Map.Entry<String, List<Point>> tier : cpu.tierPercentOfOneCore().entrySet()) {
        double mean = Trend.mean(tier.getValue());
        evidence.add(
            String.format("series cpu.tier %s: mean %.0f%% of one core", tier.getKey(), mean));
        if (mean > top.percent()) {
          top = new Top(tier.getKey(), mean);
        }
      }
      return top;
    }
  }

  /**
   * The busy time no tier used, % of one core: steal (0 when unknown) and processes outside the
   * stack (the rest, at least 0).
   */
  private record Elsewhere(double steal, double outside) {
    static Elsewhere of(RunData data, double busy, List<String> evidence) {
      CpuData cpu = data.cpu();
      double tiers = cpu.tierPercentOfOneCore().values().stream().mapToDouble(Trend::mean).sum();
      // Steal comes integrated over the same measured window as the series' mean covers.
      Double stealOfMachine = data.noise().map(MachineNoise::stealPercentOfMachine).orElse(null);
      double steal = stealOfMachine == null ? 0 : stealOfMachine * cpu.machineCores();
      if (stealOfMachine != null) {
        evidence.add(
            String.format(
                "series cpu.steal: %.0f%% of the machine (%.0f%% of one core), taken by the"
                    + " hypervisor",
                stealOfMachine, steal));
      }
      double outside = Math.max(0, busy * cpu.machineCores() - tiers - steal);
      evidence.add(String.format("outside the stack: %.0f%% of one core", outside));
      return new Elsewhere(steal, outside);
    }

    double total() {
      return steal + outside;
    }

    boolean stealLeads() {
      return steal > outside;
    }

    String describe(Top top) {
      String stolen =
          String.format(
              "the host took %.0f%% of one core (steal: the hypervisor gave this VM's CPUs to"
                  + " other guests)",
              steal);
      String processes =
          String.format("processes outside the stack use %.0f%% of one core", outside);
      String both =
          stealLeads()
              ? stolen + (outside > 0 ? " and " + processes : "")
              : processes + (steal > 0 ? " and " + stolen : "");
      String together = steal > 0 && outside > 0 ? ", together more" : ", more";
      return String.format(
          "%s%s than any tier (%s: %.0f%%)", both, together, top.tier(), top.percent());
    }

    String advice() {
      return stealLeads()
          ? "repeat it on a quieter host, or interleave the steps (--order interleaved) so such"
              + " episodes fall on every step alike"
          : "repeat it on a quiet machine";
    }
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(CpuData.class, MachineNoise.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.CPU_SATURATED,
            "the machine's mean busy time is at least 85% of all cores (5+ samples)",
            "the tier using the most CPU; or `machine` when the busy time no tier used "
                + "(steal, `machineNoise.stealPercentOfMachine`, and processes outside the "
                + "stack, the rest) is more than any tier uses (a disturbed run), leading "
                + "with the larger: when steal is, it says the host took the CPUs and to "
                + "repeat on a quieter host or interleave the steps (`--order interleaved`)"));
  }
}
