package io.tunelab.core.findings;

import java.util.Objects;

/**
 * A tier the run killed on purpose in the measured window ({@code workload.crash}) and started
 * again on its data.
 *
 * @param tier the tier killed: {@code db} or {@code broker}
 * @param doneAtKill units of the load done when it was killed (orders completed, messages finished)
 * @param units units in the load
 * @param unitName what a unit is: {@code orders}, {@code messages}
 * @param downMillis from the kill until the tier answered again on its data
 */
public record TierCrash(String tier, int doneAtKill, int units, String unitName, long downMillis) {
  public TierCrash {
    Objects.requireNonNull(tier, "tier");
    Objects.requireNonNull(unitName, "unitName");
  }
}
