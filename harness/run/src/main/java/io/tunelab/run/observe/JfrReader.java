package io.tunelab.run.observe;

import io.tunelab.core.measure.JfrProfile;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedObject;
import jdk.jfr.consumer.RecordingFile;

/**
 * Sums a JDK Flight Recorder recording ({@code jdk.jfr.consumer}) into a {@link JfrProfile}: the
 * methods on top of the sampled stacks, the monitors threads waited for, the classes allocated, the
 * collections and each generation's occupancy after them.
 */
final class JfrReader {
  private static final double MEGABYTE = 1024.0 * 1024.0;
  private static final int TOP_METHODS = 10;
  private static final int TOP_MONITORS = 5;
  private static final int TOP_ALLOCATIONS = 10;
  private static final String AFTER_GC = "After GC";
  private static final String SITE = " @ ";
  private static final java.util.regex.Pattern JDK =
      java.util.regex.Pattern.compile("(java|javax|jdk|sun|com\\.sun)\\.");

  private final Map<String, Long> methods = new HashMap<>();
  private long stackSamples;
  private final Map<String, double[]> monitors = new HashMap<>();
  private final Map<String, Long> allocated = new HashMap<>();
  private long allocatedTotal;
  private int collections;
  private double pauseTotal;
  private double pauseMax;
  private final Map<String, Integer> byCollector = new TreeMap<>();
  private final Map<Long, Long> heapAfter = new TreeMap<>();
  private final Map<Long, Long> youngAfter = new TreeMap<>();

  private JfrReader() {}

  /**
   * @param file the recording
   * @param relativeFile how run.json names it
   * @param settings the settings it was made with
   * @param seconds how long it recorded
   */
  static JfrProfile read(Path file, String relativeFile, String settings, double seconds)
      throws IOException {
    JfrReader reader = new JfrReader();
    try (RecordingFile recording = new RecordingFile(file)) {
      while (recording.hasMoreEvents()) {
        reader.add(recording.readEvent());
      }
    }
    return reader.profile(relativeFile, settings, seconds);
  }

  private void add(RecordedEvent event) {
    switch (event.getEventType().getName()) {
      case "jdk.ExecutionSample" -> sample(event);
      case "jdk.JavaMonitorEnter" -> monitor(event);
      case "jdk.ObjectAllocationSample" -> allocation(event);
      case "jdk.GarbageCollection" -> collection(event);
      case "jdk.GCHeapSummary" -> {
        if (AFTER_GC.equals(event.getString("when"))) {
          heapAfter.put(event.getLong("gcId"), event.getLong("heapUsed"));
        }
      }
      case "jdk.G1HeapSummary" -> {
        if (AFTER_GC.equals(event.getString("when"))) {
          youngAfter.put(
              event.getLong("gcId"),
              event.getLong("edenUsedSize") + event.getLong("survivorUsedSize"));
        }
      }
      case "jdk.PSHeapSummary" -> {
        if (AFTER_GC.equals(event.getString("when"))) {
          youngAfter.put(
              event.getLong("gcId"), used(event, "edenSpace") + used(event, "fromSpace"));
        }
      }
      default -> {
        // other events stay in the file for JDK Mission Control
      }
    }
  }

  private static long used(RecordedEvent event, String space) {
    RecordedObject value = event.getValue(space);
    return value == null ? 0 : value.getLong("used");
  }

  private void sample(RecordedEvent event) {
    if (event.getStackTrace() == null || event.getStackTrace().getFrames().isEmpty()) {
      return;
    }
    RecordedFrame top = event.getStackTrace().getFrames().get(0);
    if (top.getMethod() == null) {
      return;
    }
    String method = top.getMethod().getType().getName() + "." + top.getMethod().getName();
    methods.merge(method, 1L, Long::sum);
    stackSamples++;
  }

  private void monitor(RecordedEvent event) {
    String monitorClass =
        event.getClass("monitorClass") == null
            ? "?"
            : readable(event.getClass("monitorClass").getName());
    double millis = event.getDuration().toNanos() / 1e6;
    double[] sums = monitors.computeIfAbsent(monitorClass + SITE + site(event), k -> new double[3]);
    sums[0]++;
    sums[1] += millis;
    sums[2] = Math.max(sums[2], millis);
  }

  /** The first frame outside the JDK of the event's stack: the code that took the lock. */
  private static String site(RecordedEvent event) {
    if (event.getStackTrace() == null) {
      return "?";
    }
    String top = null;
    for (RecordedFrame frame : event.getStackTrace().getFrames()) {
      if (frame.getMethod() == null) {
        continue;
      }
      String type = frame.getMethod().getType().getName();
      String method = type + "." + frame.getMethod().getName();
      if (top == null) {
        top = method;
      }
      if (!JDK.matcher(type).lookingAt()) {
        return method;
      }
    }
    return top == null ? "?" : top;
  }

  private void allocation(RecordedEvent event) {
    String objectClass =
        event.getClass("objectClass") == null
            ? "?"
            : readable(event.getClass("objectClass").getName());
    long weight = event.getLong("weight");
    allocated.merge(objectClass, weight, Long::sum);
    allocatedTotal += weight;
  }

  private void collection(RecordedEvent event) {
    collections++;
    double pauses = millis(event.getDuration("sumOfPauses"));
    pauseTotal += pauses;
    pauseMax = Math.max(pauseMax, millis(event.getDuration("longestPause")));
    byCollector.merge(event.getString("name"), 1, Integer::sum);
  }

  /**
   * A class as Java spells it: {@code byte[]} for JFR's {@code [B}, {@code a.B[][]} for {@code
   * [[La.B;}.
   */
  static String readable(String name) {
    int dimensions = 0;
    while (dimensions < name.length() && name.charAt(dimensions) == '[') {
      dimensions++;
    }
    if (dimensions == 0) {
      return name;
    }
    String element = name.substring(dimensions);
    String base =
        switch (element) {
          case "Z" -> "boolean";
          case "B" -> "byte";
          case "C" -> "char";
          case "S" -> "short";
          case "I" -> "int";
          case "J" -> "long";
          case "F" -> "float";
          case "D" -> "double";
          default ->
              element.startsWith("L") && element.endsWith(";")
                  ? element.substring(1, element.length() - 1)
                  : element;
        };
    return base + "[]".repeat(dimensions);
  }

  private static double millis(Duration duration) {
    return duration == null ? 0 : duration.toNanos() / 1e6;
  }

  private JfrProfile profile(String file, String settings, double seconds) {
    List<JfrProfile.HotMethod> hot =
        top(methods, TOP_METHODS).stream()
            .map(
                e ->
                    new JfrProfile.HotMethod(
                        e.getKey(), e.getValue(), 100.0 * e.getValue() / stackSamples))
            .toList();
    List<JfrProfile.Monitor> waited =
        monitors.entrySet().stream()
            .sorted(
                Comparator.comparingDouble((Map.Entry<String, double[]> e) -> -e.getValue()[1])
                    .thenComparing(Map.Entry::getKey))
            .limit(TOP_MONITORS)
            .map(
                e ->
                    new JfrProfile.Monitor(
                        e.getKey().substring(0, e.getKey().indexOf(SITE)),
                        e.getKey().substring(e.getKey().indexOf(SITE) + SITE.length()),
                        (long) e.getValue()[0],
                        e.getValue()[1],
                        e.getValue()[2]))
            .toList();
    List<JfrProfile.Allocation> allocations =
        top(allocated, TOP_ALLOCATIONS).stream()
            .map(
                e ->
                    new JfrProfile.Allocation(
                        e.getKey(), e.getValue() / MEGABYTE, 100.0 * e.getValue() / allocatedTotal))
            .toList();
    return new JfrProfile(
        file,
        settings,
        seconds,
        new JfrProfile.GcSummary(collections, pauseTotal, pauseMax, byCollector),
        generations(),
        hot,
        waited,
        allocations);
  }

  /** Young, old and the whole heap after each collection that has both figures. */
  private Map<String, JfrProfile.HeapAfterGc> generations() {
    Map<String, List<Double>> series = new LinkedHashMap<>();
    series.put("young", new ArrayList<>());
    series.put("old", new ArrayList<>());
    series.put("total", new ArrayList<>());
    heapAfter.forEach(
        (gc, total) -> {
          Long young = youngAfter.get(gc);
          series.get("total").add(total / MEGABYTE);
          if (young != null) {
            series.get("young").add(young / MEGABYTE);
            series.get("old").add((total - young) / MEGABYTE);
          }
        });
    Map<String, JfrProfile.HeapAfterGc> heap = new LinkedHashMap<>();
    series.forEach(
        (generation, values) -> {
          if (!values.isEmpty()) {
            heap.put(
                generation,
                new JfrProfile.HeapAfterGc(
                    values.get(0),
                    values.get(values.size() - 1),
                    values.stream().mapToDouble(Double::doubleValue).max().orElseThrow()));
          }
        });
    return heap;
  }

  /** The largest counts first, ties by name, so a recording always reads the same. */
  private static List<Map.Entry<String, Long>> top(Map<String, Long> counts, int limit) {
    return counts.entrySet().stream()
        .sorted(
            Comparator.comparing(
                    (Function<Map.Entry<String, Long>, Long>) Map.Entry::getValue,
                    Comparator.reverseOrder())
                .thenComparing(Map.Entry::getKey))
        .limit(limit)
        .toList();
  }
}
