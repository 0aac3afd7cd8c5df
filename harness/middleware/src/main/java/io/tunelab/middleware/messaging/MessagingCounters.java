package io.tunelab.middleware.messaging;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the messaging server did since it started, for {@code /status}: messages received (by
 * delivery mode), logged twice (a redelivery of a message already logged), driven, replied to,
 * failed, and receive attempts rolled back.
 */
final class MessagingCounters {
  final LongAdder received = new LongAdder();
  final LongAdder persistent = new LongAdder();
  final LongAdder nonPersistent = new LongAdder();
  final LongAdder duplicates = new LongAdder();
  final LongAdder driven = new LongAdder();
  final LongAdder replied = new LongAdder();
  final LongAdder failed = new LongAdder();
  final LongAdder rolledBack = new LongAdder();

  Map<String, Long> asMap() {
    Map<String, Long> map = new LinkedHashMap<>();
    map.put("received", received.sum());
    map.put("persistent", persistent.sum());
    map.put("nonPersistent", nonPersistent.sum());
    map.put("duplicates", duplicates.sum());
    map.put("driven", driven.sum());
    map.put("replied", replied.sum());
    map.put("failed", failed.sum());
    map.put("rolledBack", rolledBack.sum());
    return map;
  }
}
