package io.tunelab.core.cost;

import io.tunelab.core.stack.TierName;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What the harness itself cost the machine in a measured window: the load generator, the mocks
 * (stand-ins for the back ends) and the controller, whose CPU the system under test could not use.
 *
 * @param machineCores logical CPUs of the machine
 * @param windowMillis length of the measured window, milliseconds
 * @param harnessSharePercent (load + mocks + controller) / (cores x 100) x 100: the harness's share
 *     of the machine, % of all cores
 * @param biggestTier the harness tier using the most CPU ({@code load}, {@code mocks} or {@code
 *     controller}); {@code none} when none used any
 * @param tiers {@code load}, {@code mocks}, {@code controller}: each tier's mean CPU over the
 *     window (series {@code cpu.tier}); 0 for a tier that did not run in it
 * @param observer the observer's sampling thread over the window; it runs inside the controller, so
 *     it is part of {@code controller}, not added to the share again
 */
public record HarnessCost(
    int machineCores,
    long windowMillis,
    double harnessSharePercent,
    String biggestTier,
    Map<String, TierCpu> tiers,
    TierCpu observer) {
  public HarnessCost {
    Objects.requireNonNull(biggestTier, "biggestTier");
    tiers = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tiers));
    Objects.requireNonNull(observer, "observer");
  }

  /**
   * Mean CPU over the window.
   *
   * @param percentOfOneCore % of one core (0..100 x cores)
   * @param percentOfMachine % of all cores (0..100)
   */
  public record TierCpu(double percentOfOneCore, double percentOfMachine) {
    static TierCpu of(double percentOfOneCore, int cores) {
      return new TierCpu(percentOfOneCore, percentOfOneCore / cores);
    }
  }

  /**
   * The harness's cost in {@code window}, with the observer's sampling thread's CPU in it, in CPU
   * milliseconds (the thread's own clock: exact, not sampled).
   */
  public static HarnessCost of(CpuWindow window, double observerCpuMillis) {
    Map<String, TierCpu> tiers = new LinkedHashMap<>();
    String biggest = "none";
    double biggestPercent = 0;
    double sum = 0;
    for (TierName harness : TierName.harness()) {
      String tier = harness.label();
      double percent = window.percentOfOneCore(tier);
      tiers.put(tier, TierCpu.of(percent, window.cores()));
      sum += percent;
      if (percent > biggestPercent) {
        biggest = tier;
        biggestPercent = percent;
      }
    }
    double observerPercent =
        window.windowMillis() > 0 ? 100.0 * observerCpuMillis / window.windowMillis() : 0;
    return new HarnessCost(
        window.cores(),
        window.windowMillis(),
        sum / window.cores(),
        biggest,
        tiers,
        TierCpu.of(observerPercent, window.cores()));
  }
}
