package io.tunelab.run;

import io.tunelab.core.measure.LatencySummary;
import io.tunelab.core.measure.SoapStats;
import io.tunelab.core.results.LatencyHistograms;
import io.tunelab.core.results.LatencyMillis;
import io.tunelab.core.results.Metrics;
import java.util.LinkedHashMap;
import java.util.Map;

/** What the plans of requests (concurrent-soap, sort-requests) put in run.json alike. */
public final class RequestFigures {
  private RequestFigures() {}

  /** A request plan's metrics: its throughput, latency percentiles and errors. */
  public static Metrics metrics(LatencySummary all) {
    return Metrics.of(
        all.requestsPerMinute(),
        new LatencyMillis(all.p50Millis(), all.p90Millis(), all.p99Millis(), all.maxMillis()),
        all.errors());
  }

  /** Each operation's latency histogram, encoded for run.json. */
  public static Map<String, String> operationHistograms(SoapStats stats) {
    Map<String, String> out = new LinkedHashMap<>();
    stats
        .histograms()
        .forEach(
            (label, histogram) -> {
              if (!label.equals(SoapStats.OVERALL)) {
                out.put(label, LatencyHistograms.encode(histogram));
              }
            });
    return out;
  }
}
