package io.tunelab.run.observe;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunelab.core.findings.GcData;
import java.util.List;

/**
 * A JVM's collections, as its recording holds them ({@link GcPauses}), summed over a run's measured
 * window, as {@code gc.json} and for the findings.
 */
final class GcReport {
  private final String tier;
  private final Recording recording;

  /**
   * The recording the pauses were read from.
   *
   * @param file how the folder names it
   * @param sinceJvmStart whether the JVM's recorder was on since the JVM started ({@code
   *     JvmRecording}), so that its own start fell in the warm-up, not in this window
   */
  record Recording(String file, boolean sinceJvmStart) {}

  private final GcPauses.Read read;
  private final List<GcPauses.Pause> pauses;
  private final Window window;

  GcReport(String tier, Recording recording, GcPauses.Read read, Window window) {
    this.tier = tier;
    this.recording = recording;
    this.read = read;
    this.pauses = read.pauses();
    this.window = window;
  }

  /** The tier whose JVM collected, as series label it. */
  String tier() {
    return tier;
  }

  List<GcPauses.Pause> pauses() {
    return pauses;
  }

  /** The pauses inside the measured window, summed. */
  GcData measured() {
    int count = 0;
    int full = 0;
    double total = 0;
    double max = 0;
    double capacity = 0;
    double afterFull = 0;
    for (GcPauses.Pause pause : pauses) {
      if (!window.measured(pause.epochMillis())) {
        continue;
      }
      count++;
      total += pause.millis();
      max = Math.max(max, pause.millis());
      if (Double.isFinite(pause.capacityMegabytes())) {
        capacity = pause.capacityMegabytes();
      }
      if (pause.full()) {
        full++;
        if (Double.isFinite(pause.afterMegabytes())) {
          afterFull = Math.max(afterFull, pause.afterMegabytes());
        }
      }
    }
    return new GcData(tier, count, total, max, full, window.measuredMillis(), capacity, afterFull);
  }

  /** {@code gc.json}: the measured summary, then every pause recorded with its phase. */
  ObjectNode json(ObjectMapper mapper) {
    GcData gc = measured();
    ObjectNode root = mapper.createObjectNode();
    root.put("tier", tier);
    root.put("recording", recording.file());
    root.put("recorderOnSinceJvmStart", recording.sinceJvmStart());
    root.put("collector", read.collector().orElse("unknown"));
    root.put("measuredFromMillis", window.measuredFromMillis());
    root.put("endMillis", window.endMillis());
    ObjectNode measured = root.putObject("measured");
    measured.put("pauses", gc.pauses());
    measured.put("pauseTotalMillis", gc.pauseTotalMillis());
    measured.put("pauseMaxMillis", gc.pauseMaxMillis());
    measured.put("fullCollections", gc.fullCollections());
    measured.put("pauseSharePercent", gc.pauseSharePercent());
    measured.put("heapCapacityMegabytes", gc.heapCapacityMegabytes());
    measured.put("maxHeapAfterFullMegabytes", gc.maxHeapAfterFullMegabytes());
    ArrayNode events = root.putArray("pauses");
    for (GcPauses.Pause pause : pauses) {
      if (pause.epochMillis() < window.startMillis() || pause.epochMillis() > window.endMillis()) {
        continue;
      }
      ObjectNode event = events.addObject();
      event.put("epochMillis", pause.epochMillis());
      event.put("phase", window.phase(pause.epochMillis()));
      event.put("type", pause.type());
      event.put("collector", pause.collector());
      event.put("cause", pause.cause());
      event.put("full", pause.full());
      // a pause without a heap summary (G1's remark and cleanup) has no heap figures
      putFinite(event, "beforeMegabytes", pause.beforeMegabytes());
      putFinite(event, "afterMegabytes", pause.afterMegabytes());
      putFinite(event, "capacityMegabytes", pause.capacityMegabytes());
      putFinite(event, "youngAfterMegabytes", pause.youngAfterMegabytes());
      putFinite(event, "oldAfterMegabytes", pause.oldAfterMegabytes());
      event.put("millis", pause.millis());
    }
    return root;
  }

  private static void putFinite(ObjectNode node, String field, double value) {
    if (Double.isFinite(value)) {
      node.put(field, value);
    }
  }
}
