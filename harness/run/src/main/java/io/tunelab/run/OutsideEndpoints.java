package io.tunelab.run;

import io.tunelab.core.BadInputException;
import io.tunelab.core.experiment.Experiment;
import io.tunelab.core.experiment.Step;
import io.tunelab.core.knobs.Knob;
import io.tunelab.core.knobs.WorkloadKnobs;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a run reaches beyond the stack it starts, checked before any tier starts: each step's
 * InfluxDB write URL ({@code workload.influxdbUrl}) and JMeter engines on other hosts ({@code
 * workload.engineHosts}) must take a connection, and engines off this host need the address they
 * call the controller back on ({@code workload.controllerHost}). A backend listener that cannot
 * reach its database logs an error per interval and the live view stays empty; an engine that does
 * not answer would fail the first load run after the stack and its warm-up had run.
 */
public final class OutsideEndpoints {
  private static final int CONNECT_MILLIS = 2_000;

  private OutsideEndpoints() {}

  /**
   * @throws BadInputException naming the knob, the address and the fix, when one does not take a
   *     connection, engines off this host have no address to call back, or steps name different
   *     ones
   */
  public static void check(Experiment experiment) {
    java.util.Set<String> controllerHosts =
        experiment.steps().stream()
            .map(step -> step.knobs().get(WorkloadKnobs.CONTROLLER_HOST))
            .filter(host -> !host.isEmpty())
            .collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
    if (controllerHosts.size() > 1) {
      throw new BadInputException(
          WorkloadKnobs.CONTROLLER_HOST.name()
              + " differs between steps ("
              + String.join(", ", controllerHosts)
              + "): the run's load JVM listens on one address; give every step the same");
    }
    Map<String, Knob<String>> endpoints = new LinkedHashMap<>();
    for (Step step : experiment.steps()) {
      String url = step.knobs().get(WorkloadKnobs.INFLUXDB_URL);
      if (!url.isEmpty()) {
        endpoints.put(url, WorkloadKnobs.INFLUXDB_URL);
      }
      String hosts = step.knobs().get(WorkloadKnobs.ENGINE_HOSTS);
      if (!hosts.isEmpty()) {
        Arrays.stream(hosts.split(","))
            .forEach(host -> endpoints.put("rmi://" + host, WorkloadKnobs.ENGINE_HOSTS));
        boolean offThisHost =
            Arrays.stream(hosts.split(","))
                .map(host -> host.substring(0, host.lastIndexOf(':')))
                .anyMatch(host -> !host.equals("127.0.0.1") && !host.equals("localhost"));
        if (offThisHost && step.knobs().get(WorkloadKnobs.CONTROLLER_HOST).isEmpty()) {
          throw new BadInputException(
              WorkloadKnobs.ENGINE_HOSTS.name()
                  + "="
                  + hosts
                  + " names engines on other hosts, which send their samples back to the"
                  + " controller: set "
                  + WorkloadKnobs.CONTROLLER_HOST.name()
                  + " to this host's address they reach (docs/distributed-load.md)");
        }
      }
    }
    endpoints.forEach(OutsideEndpoints::connect);
  }

  private static void connect(String url, Knob<String> knob) {
    URI uri = URI.create(url);
    int port = uri.getPort() > 0 ? uri.getPort() : "https".equals(uri.getScheme()) ? 443 : 80;
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(uri.getHost(), port), CONNECT_MILLIS);
    } catch (IOException | IllegalArgumentException e) {
      String what = knob == WorkloadKnobs.INFLUXDB_URL ? "InfluxDB" : "the JMeter engine";
      throw new BadInputException(
          knob.name()
              + "="
              + (knob == WorkloadKnobs.INFLUXDB_URL ? url : url.substring("rmi://".length()))
              + ": nothing answers at "
              + uri.getHost()
              + ":"
              + port
              + " ("
              + e.getMessage()
              + "): start "
              + what
              + " there (docs/"
              + (knob == WorkloadKnobs.INFLUXDB_URL ? "observability.md" : "distributed-load.md")
              + "), or leave the knob empty");
    }
  }
}
