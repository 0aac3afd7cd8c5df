package io.tunelab.run.plans.batchorder.drain;

import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Faulted orders read through a tier crash ({@code workload.crash}): while the crashed tier is down
 * the last answer stands, and a read that fails during the outage (the tier down, or back less than
 * a grace ago, a connection opened before finding itself dead once) leaves it standing too; a
 * failure outside an outage is the run's to see.
 */
public final class OutageTolerantFaults implements FaultSource {
  private final FaultSource faults;
  private final BooleanSupplier down;
  private final BooleanSupplier outage;
  private Map<String, String> last = Map.of();

  /**
   * @param down whether the tier is down now
   * @param outage whether it is down or came back less than the grace ago
   */
  public OutageTolerantFaults(FaultSource faults, BooleanSupplier down, BooleanSupplier outage) {
    this.faults = faults;
    this.down = down;
    this.outage = outage;
  }

  @Override
  public Map<String, String> faulted() {
    if (down.getAsBoolean()) {
      return last;
    }
    try {
      last = faults.faulted();
    } catch (IllegalStateException e) {
      if (!outage.getAsBoolean()) {
        throw e;
      }
    }
    return last;
  }
}
