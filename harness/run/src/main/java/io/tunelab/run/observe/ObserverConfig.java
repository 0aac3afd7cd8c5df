package io.tunelab.run.observe;

import com.fasterxml.jackson.databind.JsonNode;
import io.tunelab.core.findings.MiddlewareExit;
import io.tunelab.core.knobs.Jfr;
import io.tunelab.core.knobs.MiddlewareKnobs;
import io.tunelab.core.stack.Endpoints;
import io.tunelab.core.stack.TierName;
import io.tunelab.tiers.middleware.MiddlewareTier;
import io.tunelab.tiers.stack.Stack;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What a {@link RunObserver} watches and where it writes.
 *
 * @param dir the run's output folder ({@code series.csv}, {@code ash.csv}, {@code
 *     db-snapshot.json}, {@code gc.json}, {@code findings.json}, {@code observations.json})
 * @param tiers tier name to its root processes, asked again at every sample (a tier may restart);
 *     each tier's CPU is its roots' whole process trees
 * @param childTiers tier name to the jar its JVM runs, for tiers that come and go as children of
 *     this JVM (the load tier's JMeter JVM): found among this JVM's children at every sample
 * @param endpoints the stack's database, broker and mocks; empty to sample processes only
 * @param middlewareStatus every middleware instance's {@code /status}, the first's first, when one
 *     runs
 * @param middlewareExit how the middleware ended, asked when the observer stops (empty while it
 *     runs), when one runs
 * @param interval time between samples
 * @param middlewareJfr the JDK Flight Recorder settings the middleware is recorded with ({@code
 *     middleware.jfr} in the folder): {@code gc} from the observer's start, {@code default} or
 *     {@code profile} over the measured window; empty when it is not recorded
 * @param stackJfr the stack's other JVM tiers recorded the same way ({@code broker.jvm.jfr}, {@code
 *     mocks.jvm.jfr}), tier name to settings, each into {@code <tier>.jfr}; only those recorded
 */
public record ObserverConfig(
    Path dir,
    Map<String, Supplier<List<ProcessHandle>>> tiers,
    Map<String, String> childTiers,
    Optional<Endpoints> endpoints,
    Optional<Supplier<List<JsonNode>>> middlewareStatus,
    Optional<Supplier<Optional<MiddlewareExit>>> middlewareExit,
    Duration interval,
    Optional<String> middlewareJfr,
    Map<String, String> stackJfr) {
  public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);

  /** The dist jar of the load tier, by which its JVM is found among this JVM's children. */
  static final String LOAD_JAR = "tunelab-" + TierName.LOAD.label() + ".jar";

  public ObserverConfig {
    Objects.requireNonNull(dir, "dir");
    tiers = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tiers));
    childTiers = Map.copyOf(childTiers);
    Objects.requireNonNull(endpoints, "endpoints");
    Objects.requireNonNull(middlewareStatus, "middlewareStatus");
    Objects.requireNonNull(middlewareExit, "middlewareExit");
    Objects.requireNonNull(middlewareJfr, "middlewareJfr");
    stackJfr = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(stackJfr));
    if (interval.toMillis() < 100) {
      throw new IllegalArgumentException("sample at most every 100 ms, was " + interval);
    }
  }

  /**
   * Everything of a stack: its tiers' processes, its endpoints, and the load tier's JVM (found as a
   * child of this JVM running the load jar, whenever one runs).
   */
  public static ObserverConfig of(Stack stack, Path dir) {
    Map<String, Supplier<List<ProcessHandle>>> tiers = new LinkedHashMap<>();
    for (String name : stack.watchedProcesses().keySet()) {
      // asked of the stack each time: a tier killed and started again (workload.crash), or a
      // container restarted, has new processes, which are still the tier's
      tiers.put(name, () -> stack.watchedProcesses().getOrDefault(name, List.of()));
    }
    return new ObserverConfig(
        dir,
        tiers,
        Map.of(TierName.LOAD.label(), LOAD_JAR),
        Optional.of(stack.endpoints()),
        Optional.empty(),
        Optional.empty(),
        DEFAULT_INTERVAL,
        Optional.empty(),
        Map.of());
  }

  /**
   * These tiers' processes and endpoints, and the load tier's JVM (found as a child of this JVM
   * running the load jar, whenever one runs).
   */
  public static ObserverConfig of(
      Path dir, Map<String, Supplier<List<ProcessHandle>>> tiers, Endpoints endpoints) {
    return new ObserverConfig(
        dir,
        tiers,
        Map.of(TierName.LOAD.label(), LOAD_JAR),
        Optional.of(endpoints),
        Optional.empty(),
        Optional.empty(),
        DEFAULT_INTERVAL,
        Optional.empty(),
        Map.of());
  }

  /**
   * The same, also watching a middleware: its processes, {@code /status}, its collections (recorded
   * as {@code middleware.jvm.jfr}'s default, {@code gc}, asks, unless {@link #withMiddlewareJfr}
   * says otherwise) and, should it die, how it ended.
   */
  public ObserverConfig withMiddleware(MiddlewareTier middleware) {
    return withTier(middleware.name(), middleware::processes)
        .with(
            Optional.of(middleware::statuses),
            Optional.of(middleware::exit),
            middlewareJfr.or(() -> Optional.of(MiddlewareKnobs.JFR.defaultValue().label())));
  }

  /**
   * The same, recording the middleware with these JDK Flight Recorder settings ({@code
   * middleware.jvm.jfr}: {@code gc}, {@code default}, {@code profile}), or not when off.
   */
  public ObserverConfig withMiddlewareJfr(Jfr jfr) {
    return with(
        middlewareStatus,
        middlewareExit,
        jfr == Jfr.OFF ? Optional.empty() : Optional.of(jfr.label()));
  }

  /**
   * The same, recording these tiers' JVMs (the broker's, the mocks') with these JDK Flight Recorder
   * settings, those off not at all.
   */
  public ObserverConfig withStackJfr(Map<String, Jfr> levels) {
    Map<String, String> recorded = new LinkedHashMap<>();
    levels.forEach(
        (tier, level) -> {
          if (level != Jfr.OFF) {
            recorded.put(tier, level.label());
          }
        });
    return new ObserverConfig(
        dir,
        tiers,
        childTiers,
        endpoints,
        middlewareStatus,
        middlewareExit,
        interval,
        middlewareJfr,
        recorded);
  }

  /** The same with one more tier (or another source of a tier's processes). */
  public ObserverConfig withTier(String name, Supplier<List<ProcessHandle>> processes) {
    Map<String, Supplier<List<ProcessHandle>>> more = new LinkedHashMap<>(tiers);
    more.put(name, processes);
    return new ObserverConfig(
        dir,
        more,
        childTiers,
        endpoints,
        middlewareStatus,
        middlewareExit,
        interval,
        middlewareJfr,
        stackJfr);
  }

  private ObserverConfig with(
      Optional<Supplier<List<JsonNode>>> status,
      Optional<Supplier<Optional<MiddlewareExit>>> exit,
      Optional<String> jfr) {
    return new ObserverConfig(
        dir, tiers, childTiers, endpoints, status, exit, interval, jfr, stackJfr);
  }
}
