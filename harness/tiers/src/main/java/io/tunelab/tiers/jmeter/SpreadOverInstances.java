package io.tunelab.tiers.jmeter;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A load generator that spreads an HTTP plan's requests over several middleware instances: the plan
 * sends to its {@code port} and to each of {@value #PROPERTY} (the other instances' ports on the
 * same host), a JMeter thread keeping the instance its first request took, the instances taken in
 * turn (the closed model's users split evenly; the open model's arrivals, a thread each, dealt
 * round). With one instance it is the generator it wraps.
 */
public final class SpreadOverInstances implements LoadGenerator {
  /** The plan property naming the other instances' ports, comma-separated; empty for none. */
  public static final String PROPERTY = "morePorts";

  private final LoadGenerator load;
  private final String morePorts;

  private SpreadOverInstances(LoadGenerator load, String morePorts) {
    this.load = load;
    this.morePorts = morePorts;
  }

  /**
   * {@code load} spreading over {@code endpoints}, the first of which the plans are built with;
   * {@code load} itself for one.
   *
   * @throws IllegalArgumentException when the endpoints are not all on the first one's host and
   *     path
   */
  public static LoadGenerator over(LoadGenerator load, List<URI> endpoints) {
    if (endpoints.size() <= 1) {
      return load;
    }
    URI first = endpoints.get(0);
    for (URI endpoint : endpoints) {
      if (!endpoint.getHost().equals(first.getHost())
          || !endpoint.getRawPath().equals(first.getRawPath())) {
        throw new IllegalArgumentException(
            "the instances' endpoints differ beyond their ports: " + endpoints);
      }
    }
    return new SpreadOverInstances(
        load,
        endpoints.subList(1, endpoints.size()).stream()
            .map(endpoint -> Integer.toString(endpoint.getPort()))
            .collect(Collectors.joining(",")));
  }

  @Override
  public LoadRun run(LoadPlan plan, Path dir, Duration timeout, boolean dashboard) {
    return load.run(plan.with(PROPERTY, morePorts), dir, timeout, dashboard);
  }

  @Override
  public RunningLoad start(LoadPlan plan, Path dir, Duration timeout) {
    return load.start(plan.with(PROPERTY, morePorts), dir, timeout);
  }
}
