package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * How a warm-up ended and what its rule saw (see {@code io.tunelab.core.stats.SteadyState}): the
 * completion rate of each window, and whether the last windows agreed.
 *
 * @param reached whether the rate became steady; false means the repetitions after this warm-up
 *     measured a system that had not settled ("no steady state")
 * @param rule the rule in words, with its parameters
 * @param windowOrders completions per window
 * @param windowRatesPerMinute each window's completion rate, per minute, oldest first
 * @param levelPerMinute the mean rate of the last windows when steady; null otherwise
 * @param cvPercent the CV of the last windows' rates, %; null with too few windows
 * @param trendPercent the change of their least-squares line from first to last, % of their mean;
 *     null with too few windows
 * @param shape FLAT, WARMUP (rose to its level), SLOWDOWN (fell to it), NONE (not steady)
 * @param afterOrders orders completed when the warm-up ended
 * @param afterMillis from the release of its backlog to its end, milliseconds
 * @param endedBy {@code steady}, or why it stopped without: the time cap, a drained backlog, a
 *     middleware that died
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SteadyStateReport(
    boolean reached,
    String rule,
    int windowOrders,
    List<Double> windowRatesPerMinute,
    Double levelPerMinute,
    Double cvPercent,
    Double trendPercent,
    String shape,
    int afterOrders,
    long afterMillis,
    String endedBy) {
  public SteadyStateReport {
    windowRatesPerMinute = List.copyOf(windowRatesPerMinute);
  }
}
