package io.tunelab.core.findings;

import java.util.Objects;

/**
 * A tier the run killed on purpose in the measured window ({@code workload.crash}) and started
 * again on its data.
 *
 * @param tier the tier killed: {@code db} or {@code broker}
 * @param completedAtKill orders of the batch completed when it was killed
 * @param orders orders in the batch
 * @param downMillis from the kill until the tier answered again on its data
 */
public record TierCrash(String tier, int completedAtKill, int orders, long downMillis) {
  public TierCrash {
    Objects.requireNonNull(tier, "tier");
  }
}
