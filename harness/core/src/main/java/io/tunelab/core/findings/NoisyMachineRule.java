package io.tunelab.core.findings;

import io.tunelab.core.cost.MachineNoise;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Processes outside the stack used the CPU while the repetition was measured: on a shared machine
 * they take cores from every tier, so this repetition's throughput and latency are not the system's
 * alone.
 *
 * <p>Qualifies when the machine's busy time minus every tier's and the controller's CPU is more
 * than {@value #MAX_OUTSIDE_PERCENT}% of the machine over a measured window of at least {@value
 * #MIN_WINDOW_MILLIS} ms. The threshold leaves room for the kernel's work that the stack itself
 * causes (interrupts, kernel threads), which counts as outside too.
 */
final class NoisyMachineRule implements FindingRule {
  static final double MAX_OUTSIDE_PERCENT = 5;
  static final long MIN_WINDOW_MILLIS = 5_000;

  @Override
  public List<Finding> apply(RunData data) {
    if (data.noise().isEmpty()) {
      return List.of();
    }
    MachineNoise noise = data.noise().get();
    if (noise.windowMillis() < MIN_WINDOW_MILLIS
        || !(noise.outsidePercentOfMachine() > MAX_OUTSIDE_PERCENT)) {
      return List.of();
    }
    String message =
        String.format(
            Locale.ROOT,
            "something outside the stack used %.1f%% of the CPU during the measured window: the"
                + " numbers of this repetition are disturbed; find the process (top) and repeat on"
                + " a quiet machine",
            noise.outsidePercentOfMachine());
    return List.of(new Finding(FindingKind.NOISY_MACHINE, "machine", message, evidence(noise)));
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
    evidence.add(
        String.format(
            Locale.ROOT,
            "series cpu.tier, every tier and the controller: %.1f%% of the machine",
            noise.stackPercentOfMachine()));
    evidence.add(
        String.format(
            Locale.ROOT,
            "outside the stack (busy minus the tiers): %.1f%% of the machine",
            noise.outsidePercentOfMachine()));
    if (noise.loadAverageAtStart() != null && noise.loadAverageAtEnd() != null) {
      evidence.add(
          String.format(
              Locale.ROOT,
              "/proc/loadavg 1 min: %.2f at the start, %.2f at the end (%d cores)",
              noise.loadAverageAtStart(),
              noise.loadAverageAtEnd(),
              noise.machineCores()));
    }
    MachineNoise.IdleReading idle = noise.beforeSampling();
    if (idle != null) {
      evidence.add(
          String.format(
              Locale.ROOT,
              "before sampling (%d ms, stack idle): machine %.1f%% busy, %.1f%% outside the stack",
              idle.millis(),
              idle.machineBusyPercent(),
              idle.outsidePercentOfMachine()));
    }
    return evidence;
  }
}
