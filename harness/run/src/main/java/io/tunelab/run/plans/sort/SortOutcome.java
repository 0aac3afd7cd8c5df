package io.tunelab.run.plans.sort;

import io.tunelab.core.knobs.WorkloadKnobs;
import io.tunelab.core.measure.DeadlineMisses;
import io.tunelab.core.measure.Failures;
import io.tunelab.core.measure.LatencySummary;
import io.tunelab.core.measure.SoapStats;
import io.tunelab.core.results.Metrics;
import io.tunelab.core.results.RequestMetrics;
import io.tunelab.run.RequestFigures;
import io.tunelab.run.Verdicts;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a measured sort-requests run means for run.json: its metrics, the requests per message type,
 * the answers over the deadline, and whether it is valid. Invalid when no request ran, when the
 * load JVM failed other than by failed samples, or when errors exceed {@code
 * workload.maxErrorPercent}. Misses over {@code workload.maxMissPercent} are said in the verdict
 * but leave the run valid: a rate sweep past the knee is a result, not a broken run.
 */
record SortOutcome(
    boolean valid,
    String verdict,
    Metrics metrics,
    RequestMetrics requests,
    DeadlineMisses deadline) {

  static SortOutcome of(
      SortRequestResult result, double maxErrorPercent, int deadlineMillis, double maxMissPercent) {
    SoapStats stats = result.stats();
    LatencySummary all = stats.overall();
    double errorPercent = all.requests() == 0 ? 100 : 100.0 * all.errors() / all.requests();
    DeadlineMisses deadline = DeadlineMisses.of(result.samples(), deadlineMillis, maxMissPercent);
    StringBuilder verdict =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%d requests, %d errors (%.1f%%), %d over the %d ms deadline (%.2f%% missed)",
                all.requests(),
                all.errors(),
                errorPercent,
                deadline.late(),
                deadlineMillis,
                deadline.missPercent()));
    boolean valid = !Verdicts.empty(verdict, all.requests(), "request", result.load().log());
    valid &= !Verdicts.loadFailed(verdict, result.load().exitCode(), all.errors());
    valid &= !Verdicts.tooManyErrors(verdict, errorPercent, maxErrorPercent);
    if (deadline.overLimit()) {
      verdict.append(
          String.format(
              Locale.ROOT,
              "; DEADLINE MISSES %.2f%% over workload.maxMissPercent %s%%",
              deadline.missPercent(),
              WorkloadKnobs.MAX_MISS_PERCENT.format(maxMissPercent)));
    }
    double target = result.plan().arrivalsPerMinute();
    Double achieved = Verdicts.arrivals(verdict, target, result.achievedArrivalsPerMinute());
    Metrics metrics = RequestFigures.metrics(all);
    Map<String, LatencySummary> byType = new LinkedHashMap<>();
    byType.putAll(stats.byOperation());
    RequestMetrics requests =
        new RequestMetrics(
                "open",
                result.plan().plannedRequests(),
                all.requests(),
                all.errors(),
                errorPercent,
                all,
                byType,
                target,
                achieved)
            .withOperations(
                RequestFigures.operationHistograms(stats), Failures.of(result.samples()));
    return new SortOutcome(valid, verdict.toString(), metrics, requests, deadline);
  }

  /** Invalid, naming why, when the middleware died during the run. */
  SortOutcome withDeath(Optional<String> death) {
    return death
        .map(
            why ->
                new SortOutcome(
                    false,
                    verdict + "; INVALID: the middleware died: " + why,
                    metrics,
                    requests,
                    deadline))
        .orElse(this);
  }
}
