package io.tunelab.run.metrics;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.tunelab.core.BadInputException;
import java.io.IOException;
import java.net.URI;

/**
 * The run's series for Prometheus, live: Prometheus' own HTTP exporter serving a {@link
 * SeriesCollector} at {@code /metrics} (and {@code /-/healthy}) for as long as the run lasts, and
 * the observed middleware's own meters at {@code /middleware/metrics} ({@link
 * MiddlewareMetricsProxy}).
 */
public final class MetricsEndpoint implements AutoCloseable {
  private final HTTPServer server;
  private final MetricsAddress address;

  private MetricsEndpoint(HTTPServer server, MetricsAddress address) {
    this.server = server;
    this.address = address;
  }

  /**
   * Listens at {@code address}, before any tier starts, so a taken port is bad input and not a run
   * half done.
   */
  public static MetricsEndpoint start(MetricsAddress address, LiveRun run) {
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(new SeriesCollector(run));
    try {
      HTTPServer server =
          HTTPServer.builder()
              .hostname(address.host())
              .port(address.port())
              .registry(registry)
              .defaultHandler(new MiddlewareMetricsProxy(run))
              .buildAndStart();
      return new MetricsEndpoint(server, address);
    } catch (IOException | RuntimeException e) {
      throw new BadInputException(
          "--metrics "
              + address
              + ": cannot listen there ("
              + e
              + "); give a free port, or 0 for any free one");
    }
  }

  /** The scrape address, with the port the server got. */
  public URI url() {
    return URI.create(
        "http://" + new MetricsAddress(address.host(), server.getPort()) + "/metrics");
  }

  @Override
  public void close() {
    server.close();
  }
}
