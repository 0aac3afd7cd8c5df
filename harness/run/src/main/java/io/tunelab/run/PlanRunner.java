package io.tunelab.run;

import io.tunelab.core.experiment.Plan;
import io.tunelab.run.plans.batchorder.BatchOrderSteps;
import io.tunelab.run.plans.messaging.MessagingSteps;
import io.tunelab.run.plans.soap.BillingCareUsers;
import io.tunelab.run.plans.soap.SoapSteps;
import io.tunelab.run.plans.sort.SortSteps;
import io.tunelab.tiers.jmeter.LoadGenerator;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A plan's side of the run loop, made once per run: it gives each step the repetition that runs the
 * plan. The registry {@link #forRun} is the one place the run loop learns a plan's classes; adding
 * a plan adds a line there.
 */
interface PlanRunner {
  /** The repetition of one step (made again at each visit of an interleaved schedule). */
  PlanRepetition repetition(RunTiers tiers, LoadGenerator load, Sampler sampler, Progress progress);

  /** Every plan's runner. */
  Map<Plan, Supplier<PlanRunner>> BY_PLAN = byPlan();

  /**
   * A new runner for one run of {@code plan}.
   *
   * @throws IllegalStateException when a plan has no runner (a test holds every plan to one)
   */
  static PlanRunner forRun(Plan plan) {
    Supplier<PlanRunner> runner = BY_PLAN.get(plan);
    if (runner == null) {
      throw new IllegalStateException("no runner for the plan " + plan.yamlName());
    }
    return runner.get();
  }

  private static Map<Plan, Supplier<PlanRunner>> byPlan() {
    Map<Plan, Supplier<PlanRunner>> runners = new EnumMap<>(Plan.class);
    runners.put(
        Plan.BATCH_ORDER,
        () -> {
          // one sizer per run: a step keeps the measured batch size of its first repetition
          BatchSizer sizer = new BatchSizer();
          return (tiers, load, sampler, progress) ->
              new MeasuredRepetition(
                  new BatchOrderSteps(tiers, load, progress, sizer, new BillingCareUsers()),
                  tiers,
                  sampler,
                  progress);
        });
    runners.put(
        Plan.CONCURRENT_SOAP,
        () ->
            (tiers, load, sampler, progress) ->
                new MeasuredRepetition(
                    new SoapSteps(tiers, load, progress), tiers, sampler, progress));
    runners.put(
        Plan.MESSAGING,
        () -> {
          BatchSizer sizer = new BatchSizer();
          return (tiers, load, sampler, progress) ->
              new MeasuredRepetition(
                  new MessagingSteps(tiers, load, progress, sizer), tiers, sampler, progress);
        });
    runners.put(
        Plan.SORT_REQUESTS,
        () ->
            (tiers, load, sampler, progress) ->
                new MeasuredRepetition(
                    new SortSteps(tiers, load, progress), tiers, sampler, progress));
    return Map.copyOf(runners);
  }
}
