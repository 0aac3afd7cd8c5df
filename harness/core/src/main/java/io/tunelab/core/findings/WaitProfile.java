package io.tunelab.core.findings;

import java.util.Map;

/**
 * Active database sessions sampled once a second over the measured window (an active-session
 * history): what each active client session was waiting for when sampled.
 *
 * @param activeSamples active client sessions summed over all samples
 * @param byEvent of those, per {@code type:event} (e.g. {@code IO:WALSync}); {@code CPU} for
 *     sessions that waited for nothing
 */
public record WaitProfile(long activeSamples, Map<String, Long> byEvent) {
  public WaitProfile {
    byEvent = Map.copyOf(byEvent);
  }

  public static WaitProfile none() {
    return new WaitProfile(0, Map.of());
  }
}
