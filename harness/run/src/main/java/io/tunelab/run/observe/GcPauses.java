package io.tunelab.run.observe;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedObject;
import jdk.jfr.consumer.RecordingFile;

/**
 * The collections of a JDK Flight Recorder recording ({@code jdk.jfr.consumer}), each with what it
 * paused and the heap around it: {@code jdk.GarbageCollection} (collector, cause, pauses) joined by
 * its GC id to {@code jdk.GCHeapSummary} (heap used before and after, committed after), and the
 * collector pair of {@code jdk.GCConfiguration}. What G1, Parallel and Serial record alike, so no
 * collector's log format is parsed.
 */
final class GcPauses {
  private static final double MEGABYTE = 1024.0 * 1024.0;
  private static final String BEFORE_GC = "Before GC";
  private static final String AFTER_GC = "After GC";

  /** The collectors that collect the whole heap in one stop-the-world pause. */
  private static final Set<String> FULL = Set.of("G1Full", "SerialOld", "ParallelOld");

  /**
   * One collection that stopped the application.
   *
   * @param epochMillis when it ended
   * @param collector the collector that ran it, e.g. {@code G1New}, {@code G1Full}, {@code DefNew}
   * @param cause why, e.g. {@code G1 Evacuation Pause}, {@code System.gc()}
   * @param beforeMegabytes heap used before it, MB; NaN when the recording has no heap summary for
   *     it (G1's concurrent cycle, whose remark and cleanup pauses are its pauses)
   * @param afterMegabytes heap used after it, MB; NaN likewise
   * @param capacityMegabytes heap committed after it, MB; NaN likewise
   * @param youngAfterMegabytes the young generation (eden and survivors) used after it, MB; NaN
   *     when the collector records no generations (Serial) or not for it
   * @param millis the sum of its pauses, milliseconds
   */
  record Pause(
      long epochMillis,
      String collector,
      String cause,
      double beforeMegabytes,
      double afterMegabytes,
      double capacityMegabytes,
      double youngAfterMegabytes,
      double millis) {
    /** The old generation used after it, MB: what survived young collections and stayed. */
    double oldAfterMegabytes() {
      return afterMegabytes - youngAfterMegabytes;
    }

    /** Whether it collected the whole heap in one pause. */
    boolean full() {
      return FULL.contains(collector);
    }

    /** The collector and the cause, e.g. {@code G1New (G1 Evacuation Pause)}. */
    String type() {
      return collector + " (" + cause + ")";
    }
  }

  /**
   * The pauses and the collector pair of a recording.
   *
   * @param collector e.g. {@code G1New + G1Old}; empty when the recording does not say
   */
  record Read(List<Pause> pauses, Optional<String> collector) {}

  private GcPauses() {}

  /** The collections in the recording that paused, oldest first. */
  static Read read(Path recording) throws IOException {
    Map<Long, RecordedEvent> collections = new HashMap<>();
    Map<Long, RecordedEvent> before = new HashMap<>();
    Map<Long, RecordedEvent> after = new HashMap<>();
    Map<Long, Double> youngAfter = new HashMap<>();
    String collector = null;
    try (RecordingFile file = new RecordingFile(recording)) {
      while (file.hasMoreEvents()) {
        RecordedEvent event = file.readEvent();
        switch (event.getEventType().getName()) {
          case "jdk.GarbageCollection" -> collections.put(event.getLong("gcId"), event);
          case "jdk.GCHeapSummary" -> {
            String when = event.getString("when");
            if (BEFORE_GC.equals(when)) {
              before.put(event.getLong("gcId"), event);
            } else if (AFTER_GC.equals(when)) {
              after.put(event.getLong("gcId"), event);
            }
          }
          case "jdk.G1HeapSummary" -> {
            if (AFTER_GC.equals(event.getString("when"))) {
              youngAfter.put(
                  event.getLong("gcId"),
                  (event.getLong("edenUsedSize") + event.getLong("survivorUsedSize")) / MEGABYTE);
            }
          }
          case "jdk.PSHeapSummary" -> {
            if (AFTER_GC.equals(event.getString("when"))) {
              youngAfter.put(
                  event.getLong("gcId"),
                  (spaceUsed(event, "edenSpace") + spaceUsed(event, "fromSpace")) / MEGABYTE);
            }
          }
          case "jdk.GCConfiguration" ->
              collector =
                  event.getString("youngCollector") + " + " + event.getString("oldCollector");
          default -> {
            // the other events are the profile's (JfrReader)
          }
        }
      }
    }
    List<Pause> pauses = new ArrayList<>();
    collections.forEach(
        (id, gc) -> {
          double millis = millis(gc.getDuration("sumOfPauses"));
          if (millis <= 0) {
            return;
          }
          pauses.add(
              new Pause(
                  gc.getEndTime().toEpochMilli(),
                  gc.getString("name"),
                  gc.getString("cause"),
                  used(before.get(id)),
                  used(after.get(id)),
                  committed(after.get(id)),
                  youngAfter.getOrDefault(id, Double.NaN),
                  millis));
        });
    pauses.sort(Comparator.comparingLong(Pause::epochMillis));
    return new Read(List.copyOf(pauses), Optional.ofNullable(collector));
  }

  private static long spaceUsed(RecordedEvent event, String space) {
    RecordedObject value = event.getValue(space);
    return value == null ? 0 : value.getLong("used");
  }

  private static double used(RecordedEvent summary) {
    return summary == null ? Double.NaN : summary.getLong("heapUsed") / MEGABYTE;
  }

  private static double committed(RecordedEvent summary) {
    if (summary == null) {
      return Double.NaN;
    }
    RecordedObject space = summary.getValue("heapSpace");
    return space == null ? Double.NaN : space.getLong("committedSize") / MEGABYTE;
  }

  private static double millis(java.time.Duration duration) {
    return duration == null ? 0 : duration.toNanos() / 1e6;
  }
}
