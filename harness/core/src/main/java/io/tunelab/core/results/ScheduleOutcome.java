package io.tunelab.core.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * How a run's schedule went and why it ended.
 *
 * @param rounds rounds measured (interleaved: one repetition of each step that wanted more per
 *     round); 0 in a sequential schedule
 * @param seed of the rounds' random orders: the same seed, the same orders
 * @param stoppedBy why no more repetitions were measured, in words: every step had its count, the
 *     target minimum detectable effect was reached, a step reached its most repetitions, or the
 *     time cap came first; null while running or when the run was stopped
 * @param worstMdePercent the largest minimum detectable effect among the comparisons the run
 *     answers at the end (each step's with the baseline, or a study's expectations), %; null
 *     without a comparison
 * @param targetMdePercent the adaptive target; null for a fixed count
 * @param minutes the schedule's wall time so far, minutes
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ScheduleOutcome(
    int rounds,
    long seed,
    String stoppedBy,
    Double worstMdePercent,
    Double targetMdePercent,
    double minutes) {}
