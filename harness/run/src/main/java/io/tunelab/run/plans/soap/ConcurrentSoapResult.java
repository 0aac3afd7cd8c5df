package io.tunelab.run.plans.soap;

import io.tunelab.core.measure.ArrivalAnalysis;
import io.tunelab.core.measure.JtlRecord;
import io.tunelab.core.measure.LatencySummary;
import io.tunelab.core.measure.SoapStats;
import io.tunelab.tiers.jmeter.LoadGenerator;
import io.tunelab.tiers.jmeter.LoadRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A finished concurrent-SOAP run: the load tier's run, the statistics of its JTL, JMeter's HTML
 * dashboard beside the JTL, and for the open model the arrival rate achieved against the target.
 *
 * @param plan what ran
 * @param load the load JVM's run (exit status 1 when any request failed)
 * @param samples every sample of the JTL
 * @param stats per operation and overall, see {@link LatencySummary} for the algorithm
 */
public record ConcurrentSoapResult(
    ConcurrentSoapPlan plan, LoadRun load, List<JtlRecord> samples, SoapStats stats) {
  /** Each iteration (closed) or arrival (open) asks this query first. */
  public static final String FIRST_OPERATION = "GetBalanceSummary";

  public ConcurrentSoapResult {
    samples = List.copyOf(samples);
  }

  /**
   * Runs {@code plan} on {@code load} and computes the JTL's statistics. A run whose requests
   * failed (SOAP Faults, failed assertions) still gives its result, with the errors counted.
   *
   * @param dashboard whether JMeter's HTML dashboard is generated (a warm-up needs none, and it
   *     costs seconds)
   * @throws io.tunelab.core.BadInputException when the load tier refuses the plan or a property
   */
  public static ConcurrentSoapResult run(
      LoadGenerator load, ConcurrentSoapPlan plan, Path dir, Duration timeout, boolean dashboard) {
    return of(plan, load.run(plan.loadPlan(), dir, timeout, dashboard));
  }

  public static ConcurrentSoapResult of(ConcurrentSoapPlan plan, LoadRun load) {
    try {
      List<JtlRecord> samples = Files.exists(load.jtl()) ? load.records() : List.of();
      return new ConcurrentSoapResult(plan, load, samples, SoapStats.of(samples));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the run's JTL " + load.jtl(), e);
    }
  }

  /** JMeter's HTML dashboard ({@code index.html} beside the JTL), if it was generated. */
  public Optional<Path> dashboard() {
    Path index = load.dashboardIndex();
    return Files.isRegularFile(index) ? Optional.of(index) : Optional.empty();
  }

  /** Open model: the target arrivals per minute; empty for the closed model. */
  public OptionalDouble targetArrivalsPerMinute() {
    return plan.model() == ConcurrentSoapPlan.Model.OPEN
        ? OptionalDouble.of(plan.arrivalsPerMinute())
        : OptionalDouble.empty();
  }

  /**
   * Open model: arrivals per minute achieved, (n - 1) x 60,000 / (last - first arrival start) over
   * the n arrivals (each the start of its {@value #FIRST_OPERATION} request); empty for the closed
   * model or fewer than two arrivals. Below the target when the load generator could not keep up.
   */
  public OptionalDouble achievedArrivalsPerMinute() {
    if (plan.model() != ConcurrentSoapPlan.Model.OPEN) {
      return OptionalDouble.empty();
    }
    return ArrivalAnalysis.achievedPerMinute(
        samples.stream().filter(sample -> sample.label().equals(FIRST_OPERATION)).toList());
  }
}
