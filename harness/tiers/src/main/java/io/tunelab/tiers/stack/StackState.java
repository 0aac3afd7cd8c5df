package io.tunelab.tiers.stack;

import io.tunelab.core.stack.Endpoints;
import java.util.List;
import java.util.Map;

/**
 * What a controller writes about a stack it started, in {@code <runtime>/stacks/<id>/stack.json},
 * so that {@code stack status}, {@code stack down} and the stale-stack cleanup of the next start
 * can find its processes after the controller is gone.
 *
 * @param ownerPid the controller whose death ends the stack; null for a detached stack
 * @param startMillis measured start time per tier, and {@code stack} for the whole stack
 */
public record StackState(
    String id,
    String provider,
    Long ownerPid,
    String createdAt,
    String directory,
    Endpoints endpoints,
    Map<String, Long> startMillis,
    List<TierRecord> tiers) {

  public StackState {
    startMillis =
        startMillis == null
            ? Map.of()
            : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(startMillis));
    tiers = tiers == null ? List.of() : List.copyOf(tiers);
  }

  public boolean detached() {
    return ownerPid == null;
  }

  /** Whether the controller that owns this stack is gone (never true for a detached stack). */
  public boolean ownerGone() {
    return ownerPid != null
        && ProcessHandle.of(ownerPid).map(ProcessHandle::isAlive).map(alive -> !alive).orElse(true);
  }

  /**
   * A tier and its processes.
   *
   * @param log the tier's log file
   */
  public record TierRecord(String name, String log, List<ProcessRecord> processes) {
    public TierRecord {
      processes = List.copyOf(processes);
    }
  }
}
