package io.tunelab.run.observe;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tunelab.core.findings.GcData;
import io.tunelab.core.measure.GcLog;
import java.nio.file.Path;
import java.util.List;

/** A JVM's GC log summed over a run's measured window, as {@code gc.json} and for the findings. */
final class GcReport {
  private final String tier;
  private final Path log;
  private final List<GcLog.Pause> pauses;
  private final Window window;

  GcReport(String tier, Path log, Window window) {
    this.tier = tier;
    this.log = log;
    this.pauses = GcLog.pauses(log);
    this.window = window;
  }

  List<GcLog.Pause> pauses() {
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
    for (GcLog.Pause pause : pauses) {
      if (!window.measured(pause.epochMillis())) {
        continue;
      }
      count++;
      total += pause.millis();
      max = Math.max(max, pause.millis());
      capacity = pause.capacityMegabytes();
      if (pause.full()) {
        full++;
        afterFull = Math.max(afterFull, pause.afterMegabytes());
      }
    }
    return new GcData(tier, count, total, max, full, window.measuredMillis(), capacity, afterFull);
  }

  /** {@code gc.json}: the measured summary, then every pause of the log with its phase. */
  ObjectNode json(ObjectMapper mapper) {
    GcData gc = measured();
    ObjectNode root = mapper.createObjectNode();
    root.put("tier", tier);
    root.put("log", log.toString());
    root.put("collector", GcLog.collector(log).orElse("unknown"));
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
    for (GcLog.Pause pause : pauses) {
      if (pause.epochMillis() < window.startMillis() || pause.epochMillis() > window.endMillis()) {
        continue;
      }
      ObjectNode event = events.addObject();
      event.put("epochMillis", pause.epochMillis());
      event.put("phase", window.phase(pause.epochMillis()));
      event.put("type", pause.type());
      event.put("full", pause.full());
      event.put("beforeMegabytes", pause.beforeMegabytes());
      event.put("afterMegabytes", pause.afterMegabytes());
      event.put("capacityMegabytes", pause.capacityMegabytes());
      event.put("millis", pause.millis());
    }
    return root;
  }
}
