package io.tunelab.core.cost;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One CPU reading: the mean CPU of the machine and of each tier over the interval that ends at the
 * reading, {@code (epochMillis - seconds x 1000, epochMillis]}.
 *
 * @param epochMillis when the reading was taken (the end of its interval), epoch milliseconds
 * @param seconds the interval the reading covers, seconds (0 for a first reading: nothing to
 *     compare with)
 * @param machineBusyPercent the machine's busy time over the interval, % of all cores; NaN when
 *     unknown
 * @param machineStealPercent of the busy time, what the hypervisor gave this VM's CPUs to other
 *     guests (steal), % of all cores; NaN when unknown
 * @param tierPercentOfOneCore per tier (the controller included), CPU over the interval in % of one
 *     core (0..100 x cores); a tier absent from the map used none
 */
public record CpuSample(
    long epochMillis,
    double seconds,
    double machineBusyPercent,
    double machineStealPercent,
    Map<String, Double> tierPercentOfOneCore) {
  public CpuSample {
    if (!(seconds >= 0)) {
      throw new IllegalArgumentException("a CPU sample covers 0 s or more, was " + seconds);
    }
    tierPercentOfOneCore =
        java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tierPercentOfOneCore));
  }

  /** A sample whose steal is unknown. */
  public CpuSample(
      long epochMillis,
      double seconds,
      double machineBusyPercent,
      Map<String, Double> tierPercentOfOneCore) {
    this(epochMillis, seconds, machineBusyPercent, Double.NaN, tierPercentOfOneCore);
  }

  /** Epoch milliseconds when the interval began. */
  public double startMillis() {
    return epochMillis - seconds * 1000.0;
  }

  /** Milliseconds of this sample's interval inside {@code [fromMillis, toMillis]}. */
  double overlapMillis(long fromMillis, long toMillis) {
    return Math.max(0, Math.min(epochMillis, toMillis) - Math.max(startMillis(), fromMillis));
  }
}
