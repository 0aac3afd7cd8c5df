package io.tunelab.tiers.load;

import java.time.Duration;
import java.util.List;

/**
 * How waiting for a batch to drain ended.
 *
 * @param complete whether every submitted order completed or faulted before progress stopped
 * @param accounting where every order ended when the wait ended
 * @param waited from the start of the wait to its end
 */
public record DrainResult(boolean complete, Accounting accounting, Duration waited) {
  /** The orders neither completed nor faulted when the wait ended. */
  public List<String> lost() {
    return accounting.lost();
  }
}
