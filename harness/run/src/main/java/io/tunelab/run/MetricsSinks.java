package io.tunelab.run;

import io.tunelab.core.BadInputException;
import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.Step;
import io.tunelab.core.knobs.WorkloadKnobs;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Where a run sends live metrics beside its own files: each step's InfluxDB write URL ({@code
 * workload.influxdbUrl}) must take a connection before any tier starts, or the run is bad input: a
 * backend listener that cannot reach its database logs an error per interval and the run's live
 * view stays empty, which nobody would notice until the run was over.
 */
public final class MetricsSinks {
  private static final int CONNECT_MILLIS = 2_000;

  private MetricsSinks() {}

  /**
   * @throws BadInputException naming the knob, the URL and the fix, when a step's URL does not take
   *     a connection
   */
  public static void check(Experiment experiment) {
    Set<String> urls = new LinkedHashSet<>();
    for (Step step : experiment.steps()) {
      String url = step.knobs().get(WorkloadKnobs.INFLUXDB_URL);
      if (!url.isEmpty()) {
        urls.add(url);
      }
    }
    for (String url : urls) {
      URI uri = URI.create(url);
      int port = uri.getPort() > 0 ? uri.getPort() : "https".equals(uri.getScheme()) ? 443 : 80;
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress(uri.getHost(), port), CONNECT_MILLIS);
      } catch (IOException | IllegalArgumentException e) {
        throw new BadInputException(
            WorkloadKnobs.INFLUXDB_URL.name()
                + "="
                + url
                + ": nothing answers at "
                + uri.getHost()
                + ":"
                + port
                + " ("
                + e.getMessage()
                + "): start InfluxDB there (docs/observability.md), or leave the knob empty");
      }
    }
  }
}
