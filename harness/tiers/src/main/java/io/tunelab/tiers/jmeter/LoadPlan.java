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

  /** A plan in {@code jmeter-plans/} with its properties and no sample variables. */
  public static LoadPlan of(String file, Map<String, String> properties) {
    return new LoadPlan(Path.of(file), properties, List.of());
  }
}
