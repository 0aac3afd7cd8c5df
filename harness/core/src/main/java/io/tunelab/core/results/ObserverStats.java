package io.tunelab.core.results;

import java.util.Map;

/**
 * What watching a repetition cost and whether every source answered.
 *
 * @param samples samples taken (one a second, warm-up included)
 * @param cpuPercentOfOneCore CPU of the controller's sampling thread over the sampled time, in % of
 *     one core
 * @param errors sources that failed at least once: source to a summary of its failures
 */
public record ObserverStats(int samples, double cpuPercentOfOneCore, Map<String, String> errors) {
  public ObserverStats {
    errors = errors == null ? Map.of() : Map.copyOf(errors);
  }
}
