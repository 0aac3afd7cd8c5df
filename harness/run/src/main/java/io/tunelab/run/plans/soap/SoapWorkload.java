package io.tunelab.run.plans.soap;

import io.tunelab.core.knobs.DataKnobs;
import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.knobs.MocksKnobs;
import io.tunelab.core.knobs.WorkloadKnobs;

/**
 * The concurrent-soap plan's workload, read from a step's knobs once, typed: the CRM users (closed
 * model) or their arrivals (open model), and the answers each query asks for.
 *
 * @param model closed (users looping) or open (arrivals at a rate)
 * @param threads the closed model's users
 * @param loops each user's loops of three queries
 * @param rampUpSeconds how long the users take to start
 * @param warmupLoops a warm-up round's loops; 0: no warm-up
 * @param arrivalsPerMinute the open model's rate
 * @param durationSeconds the open model's run
 * @param responseTimeoutMillis how long a query waits for its answer
 * @param brmInvoices the bills in each BRM answer, which the load checks
 * @param brmUsageLines the usage events in each BRM answer, which the load checks
 * @param customers the seeded customers the users query
 * @param maxErrorPercent the failed requests over which the repetition is invalid
 */
record SoapWorkload(
    WorkloadKnobs.Model model,
    int threads,
    int loops,
    int rampUpSeconds,
    int warmupLoops,
    int arrivalsPerMinute,
    int durationSeconds,
    int responseTimeoutMillis,
    int brmInvoices,
    int brmUsageLines,
    int customers,
    double maxErrorPercent) {

  static SoapWorkload of(KnobSet knobs) {
    return new SoapWorkload(
        knobs.get(WorkloadKnobs.MODEL),
        knobs.get(WorkloadKnobs.THREADS),
        knobs.get(WorkloadKnobs.LOOPS),
        knobs.get(WorkloadKnobs.RAMP_UP),
        knobs.get(WorkloadKnobs.WARMUP_LOOPS),
        knobs.get(WorkloadKnobs.ARRIVALS_PER_MINUTE),
        knobs.get(WorkloadKnobs.DURATION),
        knobs.get(WorkloadKnobs.RESPONSE_TIMEOUT),
        knobs.get(MocksKnobs.BRM_INVOICES),
        knobs.get(MocksKnobs.BRM_USAGE_LINES),
        knobs.get(DataKnobs.SEED_CUSTOMERS),
        knobs.get(WorkloadKnobs.MAX_ERROR_PERCENT));
  }

  /** {@code plan} asking its queries as this workload does: its timeout, the BRM answers' lines. */
  ConcurrentSoapPlan queried(ConcurrentSoapPlan plan) {
    return plan.withResponseTimeoutMillis(responseTimeoutMillis)
        .withBrmLines(brmInvoices, brmUsageLines);
  }
}
