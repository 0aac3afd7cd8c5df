package io.tunelab.run.plans.batchorder.drain;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How waiting for a batch to drain ended.
 *
 * @param complete whether every submitted order completed or faulted before progress stopped
 * @param accounting where every order ended when the wait ended
 * @param waited from the start of the wait to its end
 * @param endedBy why the wait stopped early, when a tier the orders need went away
 */
public record DrainResult(
    boolean complete, Accounting accounting, Duration waited, Optional<String> endedBy) {
  public DrainResult(boolean complete, Accounting accounting, Duration waited) {
    this(complete, accounting, waited, Optional.empty());
  }

  /** The orders neither completed nor faulted when the wait ended. */
  public List<String> lost() {
    return accounting.lost();
  }
}
