package io.tunelab.middleware.engine;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** What one stage did since start; shown on the status endpoint. */
public final class StageCounters {
  final LongAdder received = new LongAdder();
  final LongAdder forwarded = new LongAdder();
  final LongAdder faulted = new LongAdder();
  final LongAdder duplicates = new LongAdder();
  final LongAdder rolledBack = new LongAdder();
  final LongAdder redelivered = new LongAdder();

  /** The counters by name. */
  public Map<String, Long> snapshot() {
    Map<String, Long> values = new LinkedHashMap<>();
    values.put("received", received.sum());
    values.put("forwarded", forwarded.sum());
    values.put("faulted", faulted.sum());
    values.put("duplicates", duplicates.sum());
    values.put("rolledBack", rolledBack.sum());
    values.put("redelivered", redelivered.sum());
    return values;
  }
}
