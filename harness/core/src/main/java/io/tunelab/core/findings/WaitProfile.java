package io.tunelab.core.findings;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Active database sessions sampled once a second over the measured window (an active-session
 * history): what each active client session was waiting for when sampled.
 *
 * @param activeSamples active client sessions summed over all samples
 * @param byEvent of those, per {@code type:event} (e.g. {@code IO:WALSync}); {@code CPU} for
 *     sessions that waited for nothing
 * @param byEventAndRelation of those whose table was known, per {@code type:event}, then per table
 *     (the relation whose lock the session waited for, else the table its statement writes or
 *     reads)
 */
public record WaitProfile(
    long activeSamples,
    Map<String, Long> byEvent,
    Map<String, Map<String, Long>> byEventAndRelation) {
  public WaitProfile {
    byEvent = Map.copyOf(byEvent);
    Map<String, Map<String, Long>> copy = new LinkedHashMap<>();
    byEventAndRelation.forEach((event, relations) -> copy.put(event, Map.copyOf(relations)));
    byEventAndRelation = Map.copyOf(copy);
  }

  /** A profile whose samples name no table. */
  public WaitProfile(long activeSamples, Map<String, Long> byEvent) {
    this(activeSamples, byEvent, Map.of());
  }

  public static WaitProfile none() {
    return new WaitProfile(0, Map.of());
  }
}
