package io.tunelab.run.observe;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Sources that failed, for {@code observations.json}; the first failure of each is logged. */
final class ObserverErrors {
  private static final Logger LOG = LoggerFactory.getLogger(RunObserver.class);

  private final Map<String, String> last = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();

  void record(String source, Exception e) {
    if (counts.computeIfAbsent(source, s -> new AtomicInteger()).incrementAndGet() == 1) {
      LOG.warn("observer: {} failed (retrying each sample): {}", source, e.toString());
    }
    last.put(source, String.valueOf(e.getMessage()));
  }

  Map<String, String> summary() {
    Map<String, String> summary = new TreeMap<>();
    last.forEach(
        (source, message) ->
            summary.put(source, counts.get(source) + " failures, last: " + message));
    return summary;
  }
}
