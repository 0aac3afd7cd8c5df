package io.tunelab.run.plans.sort;

import io.tunelab.core.measure.ArrivalAnalysis;
import io.tunelab.core.measure.JtlRecord;
import io.tunelab.core.measure.SoapStats;
import io.tunelab.tiers.jmeter.LoadGenerator;
import io.tunelab.tiers.jmeter.LoadRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A finished sort-requests run: the load tier's run, its JTL's samples (one per arrival, labelled
 * with the message type) and their statistics per message type and overall.
 *
 * @param plan what ran
 * @param load the load JVM's run (exit status 1 when any request failed)
 * @param samples every sample of the JTL
 * @param stats per message type and overall
 */
public record SortRequestResult(
    SortRequestPlan plan, LoadRun load, List<JtlRecord> samples, SoapStats stats) {
  public SortRequestResult {
    samples = List.copyOf(samples);
  }

  /**
   * Runs {@code plan} on {@code load} and computes the JTL's statistics; failed requests are
   * counted, not thrown.
   *
   * @param dashboard whether JMeter's HTML dashboard is generated (a warm-up needs none)
   */
  public static SortRequestResult run(
      LoadGenerator load, SortRequestPlan plan, Path dir, Duration timeout, boolean dashboard) {
    LoadRun run = load.run(plan.loadPlan(), dir, timeout, dashboard);
    try {
      List<JtlRecord> samples = Files.exists(run.jtl()) ? run.records() : List.of();
      return new SortRequestResult(plan, run, samples, SoapStats.of(samples));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the run's JTL " + run.jtl(), e);
    }
  }

  /** Arrivals per minute achieved (each sample is one arrival); below the target when late. */
  public OptionalDouble achievedArrivalsPerMinute() {
    return ArrivalAnalysis.achievedPerMinute(samples);
  }
}
