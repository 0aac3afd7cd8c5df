package io.tunelab.middleware.sort;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the sort service did since it started, for {@code /status}: requests received, sorted (by
 * message type), re-scans among them, sent to the exception chute, refused as malformed, failed;
 * and the statements the sorted requests ran.
 */
final class SortCounters {
  final LongAdder received = new LongAdder();
  final LongAdder badRequests = new LongAdder();
  final LongAdder failed = new LongAdder();
  private final LongAdder sorted = new LongAdder();
  private final LongAdder rescans = new LongAdder();
  private final LongAdder exceptions = new LongAdder();
  private final LongAdder statements = new LongAdder();
  private final Map<String, LongAdder> byType = new ConcurrentHashMap<>();

  void sorted(SortService.Sorted done) {
    sorted.increment();
    statements.add(done.statements());
    if (done.rescan()) {
      rescans.increment();
    }
    if (done.chute() == SortService.EXCEPTION_CHUTE) {
      exceptions.increment();
    }
    byType.computeIfAbsent(done.msgType(), type -> new LongAdder()).increment();
  }

  Map<String, Object> asMap() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("received", received.sum());
    map.put("sorted", sorted.sum());
    map.put("rescans", rescans.sum());
    map.put("exceptions", exceptions.sum());
    map.put("badRequests", badRequests.sum());
    map.put("failed", failed.sum());
    map.put("statements", statements.sum());
    Map<String, Long> types = new java.util.TreeMap<>();
    byType.forEach((type, count) -> types.put(type, count.sum()));
    map.put("byType", types);
    return map;
  }
}
