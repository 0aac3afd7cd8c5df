package io.tunelab.core.measure;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the JDK Flight Recorder saw of the middleware JVM in a repetition's measured window ({@code
 * middleware.jvm.jfr}): where its time, locks, memory and collections went, beneath the throughput.
 * The recording itself sits in the repetition's folder.
 *
 * @param file the recording, relative to the run folder
 * @param settings the JDK settings it was recorded with ({@code default} or {@code profile})
 * @param seconds how long it recorded
 * @param gc the collections in the window
 * @param heap the heap after each collection, per generation ({@code young}, {@code old}, {@code
 *     total}), first, last and largest in the window
 * @param hotMethods the methods on top of the sampled stacks, most samples first (at most ten)
 * @param monitors the monitors threads waited to enter, by class and site, most waiting first (at
 *     most five; waits of 1 ms or more: tunelab lowers both settings' threshold to that)
 * @param allocations the classes allocated most, by the sampled allocations' weight (at most ten)
 */
public record JfrProfile(
    String file,
    String settings,
    double seconds,
    GcSummary gc,
    Map<String, HeapAfterGc> heap,
    List<HotMethod> hotMethods,
    List<Monitor> monitors,
    List<Allocation> allocations) {
  public JfrProfile {
    Objects.requireNonNull(file, "file");
    heap =
        heap == null
            ? Map.of()
            : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(heap));
    hotMethods = hotMethods == null ? List.of() : List.copyOf(hotMethods);
    monitors = monitors == null ? List.of() : List.copyOf(monitors);
    allocations = allocations == null ? List.of() : List.copyOf(allocations);
  }

  /**
   * @param count collections that ended in the window
   * @param pauseTotalMillis their pauses summed
   * @param pauseMaxMillis the longest pause
   * @param byCollector collections per collector name ({@code G1New}, {@code G1Old}, ...)
   */
  public record GcSummary(
      int count, double pauseTotalMillis, double pauseMaxMillis, Map<String, Integer> byCollector) {
    public GcSummary {
      byCollector = byCollector == null ? Map.of() : Map.copyOf(byCollector);
    }
  }

  /** A generation's occupancy right after the window's collections, megabytes. */
  public record HeapAfterGc(double firstMegabytes, double lastMegabytes, double maxMegabytes) {}

  /**
   * @param method class and method name
   * @param samples stacks sampled with it on top
   * @param percent of all the window's stack samples
   */
  public record HotMethod(String method, long samples, double percent) {}

  /**
   * @param monitorClass the class of the monitor's object
   * @param site where the threads waited: the first method of their stacks outside the JDK ({@code
   *     java.}, {@code javax.}, {@code jdk.}, {@code sun.}), or the top one when all are inside
   * @param waits recorded waits to enter it there
   * @param totalMillis their durations summed (threads waiting, not wall time)
   * @param maxMillis the longest wait
   */
  public record Monitor(
      String monitorClass, String site, long waits, double totalMillis, double maxMillis) {}

  /**
   * @param objectClass the class allocated
   * @param megabytes the sampled allocations' weight, an estimate of the bytes allocated
   * @param percent of all the window's sampled weight
   */
  public record Allocation(String objectClass, double megabytes, double percent) {}
}
