package io.tunelab.tiers.jmeter;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A JMeter test plan ready to run: what a {@link LoadGenerator} needs and nothing about how it runs
 * it (one local JVM today; a controller with remote engines in JMeter's distributed mode).
 *
 * @param file the {@code .jmx}; a relative path is taken in {@code jmeter-plans/}
 * @param properties every JMeter property ({@code -J}) the plan reads
 * @param sampleVariables JMeter variables written into the JTL beside each sample
 * @param secret names of properties (among {@code properties}) that never go on a command line,
 *     such as a password: a process list shows every process's arguments
 */
public record LoadPlan(
    Path file, Map<String, String> properties, List<String> sampleVariables, Set<String> secret) {
  public LoadPlan {
    Objects.requireNonNull(file, "file");
    properties = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    sampleVariables = List.copyOf(sampleVariables);
    secret = Set.copyOf(secret);
  }

  /** A plan without secret properties. */
  public LoadPlan(Path file, Map<String, String> properties, List<String> sampleVariables) {
    this(file, properties, sampleVariables, Set.of());
  }

  /** The JMeter property by which a plan learns how many engines share its run. */
  public static final String ENGINES_PROPERTY = "tunelab.engines";

  /**
   * The properties a plan reads that the load tier sets, not the plan's settings: how many engines
   * share a run (the load generator), each engine's number (the engine) and the other middleware
   * instances' ports ({@link SpreadOverInstances}).
   */
  public static final Set<String> LOAD_TIER_PROPERTIES =
      Set.of(ENGINES_PROPERTY, "tunelab.engine", "morePorts");

  /** The same plan with one more property (or that property's value replaced). */
  public LoadPlan with(String name, String value) {
    Map<String, String> more = new LinkedHashMap<>(properties);
    more.put(name, value);
    return new LoadPlan(file, more, sampleVariables, secret);
  }

  /** A plan in {@code jmeter-plans/} with its properties and no sample variables. */
  public static LoadPlan of(String file, Map<String, String> properties) {
    return new LoadPlan(Path.of(file), properties, List.of());
  }
}
