package io.tunelab.run.plans.sort;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.WorkloadKnobs;

/**
 * The sort-requests plan's workload, read from a step's knobs once, typed: the devices' rate and
 * requests, and what an answer is judged against.
 *
 * @param arrivalsPerMinute the devices' target rate (an open model)
 * @param durationSeconds the measured run
 * @param warmupSeconds a warm-up round; 0: no warm-up
 * @param engines the JMeter engines the requests are split over
 * @param seed the seed of the parcels and their barcodes
 * @param mix the request types' weights ({@code workload.mix})
 * @param rescanPercent the share of parcels scanned again
 * @param rescanAfterSeconds how long after its first scan a parcel is scanned again
 * @param responseTimeoutMillis how long a device waits for its answer
 * @param maxErrorPercent the failed requests over which the repetition is invalid
 * @param deadlineMillis an answer later than this misses its deadline
 * @param maxMissPercent the missed deadlines over which the run says so
 */
record SortWorkload(
    int arrivalsPerMinute,
    int durationSeconds,
    int warmupSeconds,
    int engines,
    int seed,
    SortRequests.Mix mix,
    int rescanPercent,
    int rescanAfterSeconds,
    int responseTimeoutMillis,
    double maxErrorPercent,
    int deadlineMillis,
    double maxMissPercent) {

  static SortWorkload of(KnobSet knobs) {
    return new SortWorkload(
        knobs.get(WorkloadKnobs.ARRIVALS_PER_MINUTE),
        knobs.get(WorkloadKnobs.DURATION),
        knobs.get(WorkloadKnobs.WARMUP_SECONDS),
        knobs.get(WorkloadKnobs.ENGINES),
        knobs.get(WorkloadKnobs.SEED),
        SortRequests.Mix.parse(knobs.get(WorkloadKnobs.MIX)),
        knobs.get(WorkloadKnobs.RESCAN_PERCENT),
        knobs.get(WorkloadKnobs.RESCAN_AFTER_SECONDS),
        knobs.get(WorkloadKnobs.RESPONSE_TIMEOUT),
        knobs.get(WorkloadKnobs.MAX_ERROR_PERCENT),
        knobs.get(WorkloadKnobs.DEADLINE),
        knobs.get(WorkloadKnobs.MAX_MISS_PERCENT));
  }
}
