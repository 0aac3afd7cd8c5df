package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * How a warm-up ended and what its rule saw (see {@code io.tunelab.core.stats.WarmupRule}): the
 * throughput and the stack's costs per unit of each warm-up batch, and whether the last ones
 * agreed.
 *
 * @param reached whether the throughput became steady; false means the repetitions after this
 *     warm-up measured a system that had not settled ("no steady state")
 * @param rule the rule in words, with its parameters
 * @param batchRatesPerMinute each warm-up batch's throughput over its steady window, per minute,
 *     oldest first
 * @param batchCpuMillisPerOrder each batch's middleware CPU per settled order, milliseconds (null
 *     entries where unknown): where the JIT's progress shows
 * @param batchStealPercent each batch's hypervisor steal, % of the machine (null entries where
 *     unknown); a batch over {@code workload.maxStealPercent} is disturbed and not judged
 * @param disturbedBatches batches left out for steal
 * @param levelPerMinute the mean of the last batches when steady; null otherwise
 * @param cvPercent the CV of the last batches' throughputs, %; null with too few batches
 * @param trendPercent the change of their least-squares line from first to last, % of their mean;
 *     null with too few batches
 * @param cpuTrendPercent the same of the middleware's CPU per order over those batches; null when
 *     unknown
 * @param cpuFallPercent how much lower the middleware's mean CPU per order over those batches is
 *     than over the ones before them, %; null when not judged (CPU to spare, too few batches)
 * @param shape FLAT, WARMUP (rose to its level), SLOWDOWN (fell to it), NONE (not steady)
 * @param orders orders the warm-up batches sent (batch-order), or requests its rounds made
 *     (concurrent-soap)
 * @param millis the warm-up's wall time, milliseconds
 * @param endedBy {@code steady}, or why it stopped without: a cap, a drain that stalled, a
 *     middleware that died
 * @param batchCostsPerUnit each batch's cost per unit by series (CPU milliseconds per tier:
 *     middleware, db, broker; walBytes; statements), null entries where unknown; null in older
 *     run.json
 * @param costChangePercent each judged series' mean over the last batches against the ones before
 *     them, % (positive: costlier now); null when the costs were not judged
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SteadyStateReport(
    boolean reached,
    String rule,
    List<Double> batchRatesPerMinute,
    List<Double> batchCpuMillisPerOrder,
    List<Double> batchStealPercent,
    int disturbedBatches,
    Double levelPerMinute,
    Double cvPercent,
    Double trendPercent,
    Double cpuTrendPercent,
    Double cpuFallPercent,
    String shape,
    int orders,
    long millis,
    String endedBy,
    java.util.Map<String, List<Double>> batchCostsPerUnit,
    java.util.Map<String, Double> costChangePercent) {
  public SteadyStateReport {
    batchRatesPerMinute = List.copyOf(batchRatesPerMinute);
    batchCpuMillisPerOrder =
        java.util.Collections.unmodifiableList(new java.util.ArrayList<>(batchCpuMillisPerOrder));
    batchStealPercent =
        java.util.Collections.unmodifiableList(new java.util.ArrayList<>(batchStealPercent));
  }
}
