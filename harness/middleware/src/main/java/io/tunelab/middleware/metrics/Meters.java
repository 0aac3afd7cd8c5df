package io.tunelab.middleware.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmCompilationMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/**
 * The middleware's own meters ({@code metrics=on}), in Micrometer's Prometheus registry: its JVM
 * (heap and its pools, collections, threads, the JIT's time, classes, CPU), and what the other
 * parts bind to {@link #registry()} (the JDBC pool, the back-ends' HTTP pools, the engine). Off, no
 * registry exists and nothing is counted: the middleware under test pays for its meters only when
 * asked.
 */
public final class Meters implements AutoCloseable {
  private final PrometheusMeterRegistry registry;
  private final JvmGcMetrics collections;

  private Meters(PrometheusMeterRegistry registry, JvmGcMetrics collections) {
    this.registry = registry;
    this.collections = collections;
  }

  public static Meters start() {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    registry.config().commonTags("tier", "middleware");
    new JvmMemoryMetrics().bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new JvmCompilationMetrics().bindTo(registry);
    new ClassLoaderMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    JvmGcMetrics collections = new JvmGcMetrics();
    collections.bindTo(registry);
    return new Meters(registry, collections);
  }

  public MeterRegistry registry() {
    return registry;
  }

  /** Every meter in Prometheus' text format (0.0.4). */
  public String scrape() {
    return registry.scrape();
  }

  @Override
  public void close() {
    collections.close();
    registry.close();
  }
}
