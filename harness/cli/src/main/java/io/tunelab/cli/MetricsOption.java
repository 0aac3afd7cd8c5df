package io.tunelab.cli;

import io.tunelab.core.BadInputException;
import io.tunelab.run.ObserverSampler;
import io.tunelab.run.Sampler;
import io.tunelab.run.metrics.LiveRun;
import io.tunelab.run.metrics.MetricsAddress;
import io.tunelab.run.metrics.MetricsEndpoint;
import java.io.PrintWriter;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * {@code --metrics [HOST:]PORT} of {@code run} and {@code bench}: the observer's series served live
 * for Prometheus while the command lasts (docs/observability.md).
 */
final class MetricsOption {
  @Option(
      names = "--metrics",
      paramLabel = "[HOST:]PORT",
      description =
          "Serve the observer's series live for Prometheus at http://HOST:PORT/metrics while the"
              + " run lasts (HOST is 127.0.0.1 unless given; PORT 0 takes a free one, printed)."
              + " Names and a Grafana dashboard: docs/observability.md.")
  String metrics;

  /**
   * Listens, before any tier starts, when {@code --metrics} was given; it needs the observer whose
   * series it serves.
   */
  Optional<MetricsEndpoint> start(LiveRun live, boolean noObserve, PrintWriter err) {
    if (metrics == null) {
      return Optional.empty();
    }
    if (noObserve) {
      throw new BadInputException(
          "--metrics serves the observer's series and --no-observe turns the observer off: drop"
              + " one of them");
    }
    MetricsEndpoint endpoint = MetricsEndpoint.start(MetricsAddress.parse(metrics), live);
    err.println("tunelab: metrics for Prometheus at " + endpoint.url());
    err.flush();
    return Optional.of(endpoint);
  }

  /** Reads the address as {@link #start} would, binding nothing: for {@code validate}. */
  void check() {
    if (metrics != null) {
      MetricsAddress.parse(metrics);
    }
  }

  /** The sampler of a run: none, an observer, or an observer that tells {@code live} too. */
  static Sampler sampler(boolean noObserve, Optional<MetricsEndpoint> endpoint, LiveRun live) {
    if (noObserve) {
      return Sampler.NONE;
    }
    return endpoint.isPresent() ? new ObserverSampler(live) : new ObserverSampler();
  }
}
