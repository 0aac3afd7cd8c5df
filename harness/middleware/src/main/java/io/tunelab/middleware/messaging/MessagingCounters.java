package io.tunelab.middleware.messaging;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the messaging server did since it started, for {@code /status}: messages received (by
 * delivery mode), logged twice (a redelivery of a message already logged), driven, replied to,
 * failed, and receive attempts rolled back; the queues replies went to.
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

  /** Bounded: a client that made a queue per request must not grow the server's heap. */
  static final int MAX_REPLY_QUEUES = 1024;

  private final Set<String> replyQueues = ConcurrentHashMap.newKeySet();

  /** Notes the queue a reply went to; beyond {@value #MAX_REPLY_QUEUES} names none is kept. */
  void repliedOn(String queue) {
    if (replyQueues.size() < MAX_REPLY_QUEUES) {
      replyQueues.add(queue);
    }
  }

  /** The queues replies went to, sorted: the shared queue or the clients' temporary ones. */
  List<String> replyQueues() {
    return replyQueues.stream().sorted().toList();
  }

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
