package io.tunelab.run.plans.soap;

import io.tunelab.core.knobs.KnobSet;
import io.tunelab.core.measure.LatencySummary;
import io.tunelab.core.results.Warmup;
import io.tunelab.run.Progress;
import io.tunelab.run.RoundWarmup;
import io.tunelab.run.RunTiers;
import io.tunelab.tiers.jmeter.LoadGenerator;
import io.tunelab.tiers.jmeter.SpreadOverInstances;
import java.net.URI;
import java.nio.file.Path;

/**
 * The warm-up of a concurrent-soap step until its throughput is steady ({@link RoundWarmup}):
 * rounds of the closed plan ({@code workload.threads} users x {@code workload.warmupLoops} loops x
 * 3 queries), each its own JMeter run, judged on the throughput from the first start to the last
 * answer.
 */
final class SoapWarmup {
  private final RunTiers tiers;
  private final LoadGenerator load;
  private final RoundWarmup rounds;

  SoapWarmup(RunTiers tiers, LoadGenerator load, Progress progress) {
    this.tiers = tiers;
    this.load = load;
    this.rounds = new RoundWarmup(tiers, progress, "requests");
  }

  Warmup run(KnobSet knobs, Progress.Position at, URI url, Path customers, Path dir)
      throws InterruptedException {
    SoapWorkload workload = SoapWorkload.of(knobs);
    ConcurrentSoapPlan plan =
        workload.queried(
            ConcurrentSoapPlan.closed(url, customers, workload.threads(), workload.warmupLoops()));
    String describe = plan.threads() + " users x " + plan.loops() + " loops x 3 queries";
    return rounds.run(
        knobs,
        at,
        describe,
        dir,
        (number, roundDir) -> {
          ConcurrentSoapResult result =
              ConcurrentSoapResult.run(
                  SpreadOverInstances.over(load, tiers.middleware().billingUrls()),
                  plan,
                  roundDir,
                  SoapSteps.timeout(plan),
                  false);
          LatencySummary all = result.stats().overall();
          return new RoundWarmup.Done(
              all.requests(), all.requests() - all.errors(), all.requestsPerMinute());
        });
  }
}
