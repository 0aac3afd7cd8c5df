package io.tunelab.run.plans.soap;

import io.tunelab.core.measure.Failures;
import io.tunelab.core.measure.LatencySummary;
import io.tunelab.core.measure.SoapStats;
import io.tunelab.core.results.Metrics;
import io.tunelab.core.results.RequestMetrics;
import io.tunelab.run.RequestFigures;
import io.tunelab.run.Verdicts;
import io.tunelab.run.observe.HostClock;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a measured concurrent-soap run means for run.json: its metrics from the JTL statistics, the
 * request detail, and whether it is valid. Invalid when no request ran, when a closed run's JTL
 * holds fewer or more requests than threads x loops x 3 (a load run that broke off), when the load
 * JVM failed other than by failed samples, or when errors exceed {@code workload.maxErrorPercent}.
 */
record SoapOutcome(boolean valid, String verdict, Metrics metrics, RequestMetrics requests) {

  static SoapOutcome of(ConcurrentSoapResult result, double maxErrorPercent) {
    SoapStats stats = result.stats();
    LatencySummary all = stats.overall();
    ConcurrentSoapPlan plan = result.plan();
    double errorPercent = all.requests() == 0 ? 100 : 100.0 * all.errors() / all.requests();
    StringBuilder verdict =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%d requests, %d errors (%.1f%%)",
                all.requests(),
                all.errors(),
                errorPercent));
    boolean valid = !Verdicts.empty(verdict, all.requests(), "request", result.load().log());
    if (valid
        && plan.model() == ConcurrentSoapPlan.Model.CLOSED
        && all.requests() != plan.plannedRequests()) {
      valid = false;
      verdict
          .append("; INVALID: the plan makes ")
          .append(plan.plannedRequests())
          .append(" requests (threads x loops x 3)");
    }
    valid &= !Verdicts.loadFailed(verdict, result.load().exitCode(), all.errors());
    valid &= !Verdicts.tooManyErrors(verdict, errorPercent, maxErrorPercent);
    Double target = HostClock.orNull(result.targetArrivalsPerMinute());
    Double achieved =
        target == null
            ? HostClock.orNull(result.achievedArrivalsPerMinute())
            : Verdicts.arrivals(verdict, target, result.achievedArrivalsPerMinute());
    Metrics metrics = RequestFigures.metrics(all);
    Map<String, LatencySummary> byOperation = new LinkedHashMap<>();
    byOperation.putAll(stats.byOperation());
    RequestMetrics requests =
        new RequestMetrics(
                plan.model().name().toLowerCase(Locale.ROOT),
                plan.plannedRequests(),
                all.requests(),
                all.errors(),
                errorPercent,
                all,
                byOperation,
                target,
                achieved)
            .withOperations(
                RequestFigures.operationHistograms(stats), Failures.of(result.samples()));
    return new SoapOutcome(valid, verdict.toString(), metrics, requests);
  }

  /** Invalid, naming why, when the middleware died during the run (its errors are no result). */
  SoapOutcome withDeath(Optional<String> death) {
    return death
        .map(
            why ->
                new SoapOutcome(
                    false, verdict + "; INVALID: the middleware died: " + why, metrics, requests))
        .orElse(this);
  }
}
