package io.tunelab.core.findings;

import io.tunelab.core.cost.MachineNoise;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Something else had the CPU while the repetition was measured, so this repetition's throughput and
 * latency are not the system's alone: processes outside the stack (on a shared machine they take
 * cores from every tier), or the hypervisor (on a shared VM host it runs other guests on the CPUs
 * this VM wanted: steal).
 *
 * <p>Qualifies over a measured window of at least {@value #MIN_WINDOW_MILLIS} ms when the machine's
 * busy time minus steal and minus every tier's and the controller's CPU is more than {@value
 * #MAX_OUTSIDE_PERCENT}% of the machine, or when steal is more than {@value #MAX_STEAL_PERCENT}% of
 * the machine. The outside threshold leaves room for the kernel's work that the stack itself causes
 * (interrupts, kernel threads), which counts as outside too; steal has no such part, but a host
 * takes a little now and then without slowing anything measurably.
 */
final class NoisyMachineRule implements FindingRule {
  static final double MAX_OUTSIDE_PERCENT = 5;

  /**
   * Steal over the window, % of the machine. Measured on a 2-vCPU VM: repetitions in episodes of
   * 10-27% steal were 20-30% slower than those at 2-3% (same JVM, same data).
   */
  static final double MAX_STEAL_PERCENT = 5;

  static final long MIN_WINDOW_MILLIS = 5_000;

  @Override
  public List<Finding> apply(RunData data) {
    if (data.noise().isEmpty() || data.noise().get().windowMillis() < MIN_WINDOW_MILLIS) {
      return List.of();
    }
    MachineNoise noise = data.noise().get();
    boolean outside = noise.outsidePercentOfMachine() > MAX_OUTSIDE_PERCENT;
    boolean steal =
        noise.stealPercentOfMachine() != null && noise.stealPercentOfMachine() > MAX_STEAL_PERCENT;
    if (!outside && !steal) {
      return List.of();
    }
    return List.of(
        new Finding(
            FindingKind.NOISY_MACHINE, "machine", message(noise, outside, steal), evidence(noise)));
  }

  /** Names what took the CPU, then what to do about each. */
  private static String message(MachineNoise noise, boolean outside, boolean steal) {
    List<String> causes = new ArrayList<>();
    List<String> advice = new ArrayList<>();
    if (steal) {
      causes.add(
          String.format(
              Locale.ROOT,
              "the host took %.1f%% of this VM's CPUs (steal: the hypervisor gave them to other"
                  + " guests)",
              noise.stealPercentOfMachine()));
      // Steal comes in episodes of tens of seconds: interleaved steps share them out evenly, and
      // more repetitions make one disturbed repetition weigh less.
      advice.add(
          "repeat on a quieter host, interleave the steps (--order interleaved) so such episodes"
              + " fall on every step alike, or raise the repetitions (--repeat)");
    }
    if (outside) {
      causes.add(
          String.format(
              Locale.ROOT,
              "something outside the stack used %.1f%% of the CPU",
              noise.outsidePercentOfMachine()));
      advice.add("find the process (top) and repeat on a quiet machine");
    }
    return String.join(" and ", causes)
        + " during the measured window: the numbers of this repetition are disturbed; "
        + String.join("; ", advice);
  }

  private static List<String> evidence(MachineNoise noise) {
    List<String> evidence = new ArrayList<>();
    evidence.add(
        String.format(
            Locale.ROOT,
            "series cpu.machine: %.1f%% of %d cores busy over %.0f s measured",
            noise.machineBusyPercent(),
            noise.machineCores(),
            noise.windowMillis() / 1000.0));
    if (noise.stealPercentOfMachine() != null) {
      evidence.add(
          String.format(
              Locale.ROOT,
              "series cpu.steal: %.1f%% of the machine taken by the hypervisor (part of the busy"
                  + " time)",
              noise.stealPercentOfMachine()));
    }
    evidence.add(
        String.format(
            Locale.ROOT,
            "series cpu.tier, every tier and the controller: %.1f%% of the machine",
            noise.stackPercentOfMachine()));
    evidence.add(
        String.format(
            Locale.ROOT,
            "outside the stack (busy minus steal and the tiers): %.1f%% of the machine",
            noise.outsidePercentOfMachine()));
    loadAverages(noise, evidence);
    idleReading(noise.beforeSampling(), evidence);
    return evidence;
  }

  private static void loadAverages(MachineNoise noise, List<String> evidence) {
    if (noise.loadAverageAtStart() != null && noise.loadAverageAtEnd() != null) {
      evidence.add(
          String.format(
              Locale.ROOT,
              "/proc/loadavg 1 min: %.2f at the start, %.2f at the end (%d cores)",
              noise.loadAverageAtStart(),
              noise.loadAverageAtEnd(),
              noise.machineCores()));
    }
  }

  private static void idleReading(MachineNoise.IdleReading idle, List<String> evidence) {
    if (idle == null) {
      return;
    }
    String steal =
        idle.stealPercentOfMachine() == null
            ? ""
            : String.format(Locale.ROOT, ", %.1f%% steal", idle.stealPercentOfMachine());
    evidence.add(
        String.format(
            Locale.ROOT,
            "before sampling (%d ms, stack idle): machine %.1f%% busy, %.1f%% outside the stack%s",
            idle.millis(),
            idle.machineBusyPercent(),
            idle.outsidePercentOfMachine(),
            steal));
  }

  @Override
  public List<Class<?>> reads() {
    return List.of(MachineNoise.class);
  }

  @Override
  public List<FindingDoc> docs() {
    return List.of(
        new FindingDoc(
            FindingKind.NOISY_MACHINE,
            "in a measured window of 5 s or more, CPU outside the stack "
                + "(`machineNoise.outsidePercentOfMachine`, steal excluded) over 5% of the "
                + "machine, or steal (`machineNoise.stealPercentOfMachine`) over 5% of the "
                + "machine (`MAX_STEAL_PERCENT`)",
            "names which, or both: \"something outside the stack used X% of the CPU "
                + "during the measured window: the numbers of this repetition are disturbed\" "
                + "(find the process, repeat on a quiet machine); \"the host took X% of this "
                + "VM's CPUs (steal: the hypervisor gave them to other guests) ...\" (repeat "
                + "on a quieter host, interleave the steps with `--order interleaved` so such "
                + "episodes fall on every step alike, or raise `--repeat`); evidence names "
                + "`cpu.machine`, `cpu.steal`, `cpu.tier`, the load averages and the idle "
                + "reading before sampling; the runner logs it as a warning too (so is "
                + "`HARNESS_HEAVY`)"));
  }
}
