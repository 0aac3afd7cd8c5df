package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tunelab.core.measure.ArrivalReport;

/**
 * How a batch-order repetition's measured window was made, so a reader knows what its throughput
 * and latency mean.
 *
 * @param mode {@code backlog} (enqueued with delivery held, then released: the load tier is out of
 *     the window), {@code stream} (sent while the middleware consumes) or {@code rate} (sent at a
 *     target rate)
 * @param orders orders in the measured batch: {@code workload.orders}, or more when {@code
 *     workload.minMeasuredSeconds} asked for a longer window
 * @param latencyFrom where each order's latency starts: {@code release} (backlog: latency is then
 *     mostly time waiting in the queue, take latency percentiles from rate mode), {@code send}
 *     (stream) or {@code due} (rate: the order's intended send time, so a late send is not hidden)
 * @param queuedAtRelease backlog: orders waiting on the intake queue when delivery was released
 * @param deliveredWhileHeld backlog: orders handed to a consumer or acknowledged before the release
 *     (0 when the hold held)
 * @param drainSeconds from the start of processing (the release, or the first send) to the last
 *     completion
 * @param steadySeconds the span of the steady window (completions from the 10% to the 90% quantile)
 *     the throughput is taken over; null when too few orders completed
 * @param wholeThroughputPerMinute completed orders over {@code drainSeconds}: the whole drain,
 *     filling and emptying included, beside the steady throughput in {@code metrics}
 * @param arrivals rate mode: how the sends kept their schedule (target and achieved rate, late and
 *     dropped sends); null in the other modes
 * @param stealPercent the hypervisor's steal time over the drain, % of the machine (on a VM, CPU
 *     time given to other guests while this one had work); null where /proc/stat has none
 * @param middlewareCpuMillisPerOrder the middleware JVM's CPU time over the drain per order
 *     settled, milliseconds: what the JIT's warmth shows in, less noisy than throughput; null when
 *     unknown
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MeasuredWindow(
    String mode,
    int orders,
    String latencyFrom,
    Long queuedAtRelease,
    Long deliveredWhileHeld,
    double drainSeconds,
    Double steadySeconds,
    double wholeThroughputPerMinute,
    ArrivalReport arrivals,
    Double stealPercent,
    Double middlewareCpuMillisPerOrder) {}
