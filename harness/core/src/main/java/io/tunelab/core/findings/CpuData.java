package io.tunelab.core.findings;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CPU over the measured window.
 *
 * @param machineCores logical CPUs of the machine
 * @param machineBusyPercent busy time of the whole machine, in % of all its cores (0..100)
 * @param tierPercentOfOneCore per tier ({@code db}, {@code broker}, ...), CPU of its whole process
 *     tree in % of one core (0..100 x cores)
 */
public record CpuData(
    int machineCores,
    List<Point> machineBusyPercent,
    Map<String, List<Point>> tierPercentOfOneCore) {
  public CpuData {
    machineBusyPercent = List.copyOf(machineBusyPercent);
    Map<String, List<Point>> copy = new LinkedHashMap<>();
    tierPercentOfOneCore.forEach((tier, points) -> copy.put(tier, List.copyOf(points)));
    tierPercentOfOneCore = java.util.Collections.unmodifiableMap(copy);
  }

  public static CpuData none() {
    return new CpuData(1, List.of(), Map.of());
  }
}
